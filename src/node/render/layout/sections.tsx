import type { Section, SectionModel } from '../../content/sections.js';
import type { Anchor, Settings } from '../../settings/types.js';
import { ContentIcon } from '../../icons/Icon.js';
import { ExternalIcon } from './icons.js';
import { cssColor } from '../encode.js';

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
const externalProps = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The tab bar under the top bar: the first tab holds every page no other tab claims. */
export function TabBar({ settings, sections, current }: { settings: Settings; sections: SectionModel; current: Section }) {
  if (settings.tabs.length === 0) return null;
  const root = sections.sections[0]!;
  const items: { key: string; name: string; href: string; external: boolean; version?: string }[] = [];
  if (root.groups.length) items.push({ key: root.key, name: root.name, href: root.firstUrl ?? '/', external: false });
  for (const t of settings.tabs) {
    const section = sections.sections.find((s) => s.key === `tab:${t.name}`);
    const href = section?.firstUrl ?? t.url;
    items.push({ key: `tab:${t.name}`, name: t.name, href: isExternal(href) || href.startsWith('/') ? href : `/${href}`, external: isExternal(t.url), version: t.version });
  }
  const active = current.kind === 'tab' ? current.key : root.key;
  return (
    <nav className="tab-bar" aria-label="Sections">
      <ul>
        {items.map((t) => (
          <li key={t.key} data-version={t.version}>
            <a href={t.href} aria-current={t.key === active ? 'true' : undefined} {...(t.external ? externalProps : {})}>
              {t.name}
              {t.external && <ExternalIcon />}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The anchor icon's background: each colour only when it is one (v2's `color` is any string). */
function anchorColor(color: Anchor['color']): string | undefined {
  if (!color) return undefined;
  if (typeof color === 'string') return cssColor(color);
  const [from, to] = [cssColor(color.from), cssColor(color.to)];
  return from && to ? `linear-gradient(135deg, ${from}, ${to})` : from;
}

/**
 * Anchors at the top of the sidebar. An internal anchor links to its first page; `version`
 * anchors are shown by the client script when that version is selected; `isDefaultHidden`
 * ones only while the reader is inside them.
 */
export function AnchorList({ settings, sections, current }: { settings: Settings; sections: SectionModel; current: Section }) {
  if (settings.anchors.length === 0) return null;
  const root = sections.sections[0]!;
  const activeKey = current.kind === 'anchor' ? current.key : current.kind === 'root' ? root.key : undefined;
  const top = settings.topAnchor;
  const entries = [
    // The top anchor holds the pages no other anchor claims; with none left it is not shown.
    ...(root.groups.length === 0 ? [] : [{ key: root.key, name: top.name, href: root.firstUrl ?? '/', icon: top.icon, iconType: top.iconType as string, color: undefined as string | undefined, external: false, version: undefined as string | undefined, hidden: false }]),
    ...settings.anchors.map((a) => {
      const key = `anchor:${a.name}`;
      const section = sections.sections.find((s) => s.key === key);
      const external = isExternal(a.url);
      return {
        key, name: a.name, href: external ? a.url : (section?.firstUrl ?? `/${a.url.replace(/^\/+/, '')}`), icon: a.icon, iconType: a.iconType as string,
        color: anchorColor(a.color ?? settings.colors.anchors), external, version: a.version, hidden: a.isDefaultHidden && activeKey !== key,
      };
    }),
  ];
  return (
    <ul className="anchors" aria-label="Sections">
      {entries.filter((e) => !e.hidden).map((e) => (
        <li key={e.key} data-version={e.version}>
          <a className="anchor-link" href={e.href} aria-current={e.key === activeKey ? 'true' : undefined} {...(e.external ? externalProps : {})}>
            <span className="anchor-icon" style={e.color ? { background: e.color } : undefined} aria-hidden="true">
              {e.icon ? <ContentIcon icon={e.icon} iconType={e.iconType} /> : null}
            </span>
            <span className="anchor-name">{e.name}</span>
            {e.external && <ExternalIcon />}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The version dropdown; the client script filters `[data-version]` and remembers the choice. */
export function VersionSelect({ versions }: { versions: string[] }) {
  if (versions.length === 0) return null;
  return (
    <div className="version-select" hidden>
      <label htmlFor="kiln-version">Version</label>
      <select id="kiln-version" data-versions={JSON.stringify(versions)}>
        {versions.map((v) => <option key={v} value={v}>{v}</option>)}
      </select>
    </div>
  );
}
