import type { Section, SectionModel } from '../../content/sections.js';
import { languageName, languageTag } from '../../content/languages.js';
import type { Anchor, Division, DivisionKind, Settings, VersionOption } from '../../settings/types.js';
import { ContentIcon } from '../../icons/Icon.js';
import { ChevronIcon, ExternalIcon, GlobeIcon } from './icons.js';
import { cssColor } from '../encode.js';
import { isExternalUrl } from '../../../shared/urls.js';

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
    items.push({ key: `tab:${t.name}`, name: t.name, href: isExternalUrl(href) || href.startsWith('/') ? href : `/${href}`, external: isExternalUrl(t.url), version: t.version });
  }
  const active = current.kind === 'tab' ? current.key : root.key;
  return (
    <nav className="tab-bar nav-tabs" aria-label="Sections">
      <ul>
        {items.map((t) => (
          <li key={t.key} data-version={t.version}>
            <a className="nav-tabs-item" href={t.href} aria-current={t.key === active ? 'true' : undefined} {...(t.external ? externalProps : {})}>
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
 * One anchor atop the sidebar: its icon on a tile (the anchor's colour as background), name, and an
 * arrow when it leads elsewhere. An anchor without an icon has no tile: an empty one reads as a
 * missing image.
 */
export function AnchorLink({ href, name, current, external, icon, iconType, background }: { href: string; name: string; current: boolean; external: boolean; icon?: Anchor['icon']; iconType?: string; background?: string }) {
  return (
    <a className="anchor-link nav-anchor" href={href} aria-current={current ? 'true' : undefined} {...(external ? externalProps : {})}>
      {icon ? (
        <span className="anchor-icon" style={background ? { background } : undefined} aria-hidden="true">
          <ContentIcon icon={icon} iconType={iconType} />
        </span>
      ) : null}
      <span className="anchor-name">{name}</span>
      {external && <ExternalIcon />}
    </a>
  );
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
      const external = isExternalUrl(a.url);
      return {
        key, name: a.name, href: external ? a.url : (section?.firstUrl ?? `/${a.url.replace(/^\/+/, '')}`), icon: a.icon, iconType: a.iconType as string,
        color: anchorColor(a.color ?? settings.colors.anchors), external, version: a.version, hidden: a.isDefaultHidden && activeKey !== key,
      };
    }),
  ];
  return (
    <ul className="anchors nav-anchors" aria-label="Sections">
      {entries.filter((e) => !e.hidden).map((e) => (
        <li key={e.key} data-version={e.version}>
          <AnchorLink href={e.href} name={e.name} current={e.key === activeKey} external={e.external} icon={e.icon} iconType={e.iconType} background={e.color} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The version dropdown; the client script filters `[data-version]` and remembers the choice. A
 * classic version written `{name, url}` is a link to elsewhere: its option carries the URL and
 * choosing it opens it (client/versions.ts); `default: true` is the one chosen first. On a page of
 * a version, `pages` gives where each version leads (`data-page`: the page in that version, else
 * its first page), and choosing one goes there.
 */
export function VersionSelect({ versions, options = [], pages }: { versions: string[]; options?: VersionOption[]; pages?: ReadonlyMap<string, string | undefined> }) {
  if (versions.length === 0) return null;
  const option = (v: string) => options.find((o) => o.name === v);
  return (
    <div className="version-select" hidden>
      <label htmlFor="kiln-version">Version</label>
      <select id="kiln-version" data-versions={JSON.stringify(versions)} data-default={options.find((o) => o.default && !o.url)?.name}>
        {versions.map((v) => <option key={v} value={v} data-href={option(v)?.url} data-page={option(v)?.url ? undefined : pages?.get(v)}>{v}{option(v)?.url ? ' ↗' : ''}</option>)}
      </select>
    </div>
  );
}

/* ---------- docs.json divisions: one switcher per level (content/sections.ts) ---------- */

/** One entry of a switcher: a division of the level the reader is at, or a global link. */
interface SwitchItem {
  key: string;
  name: string;
  href: string;
  external: boolean;
  current: boolean;
  division: Division;
}

/** Divisions of `kind` a section's reader chooses between, the current one marked, and the global links of that kind. */
function levelOf(settings: Settings, sections: SectionModel, current: Section, kind: DivisionKind, pageUrl?: string): SwitchItem[] {
  const path = current.path ?? [];
  const at = path.findIndex((d) => d.kind === kind);
  // No such level on the way to this section: the top-level ones (none current), when the section is the root.
  const siblings = at >= 0 ? (at === 0 ? settings.divisions ?? [] : path[at - 1]!.children) : path.length === 0 ? (settings.divisions ?? []) : [];
  const chosen = at >= 0 ? path[at] : undefined;
  const items = siblings.filter((d) => d.kind === kind && (!d.hidden || d === chosen));
  // Global links: the site's, then those of each division on the way (`global` inside a tab…).
  const global = [...(settings.globalLinks ?? []), ...path.flatMap((d) => d.global ?? [])].filter((d) => d.kind === kind && !d.hidden);
  return [...items, ...global].flatMap((d) => {
    // A version's entry leads to the page being read in that version when it has it (`versionHref`).
    const href = (pageUrl !== undefined && d.kind === 'version' ? sections.versionHref?.(d, pageUrl) : undefined) ?? sections.hrefOf?.(d) ?? d.href;
    if (!href) return [];
    const local = !isExternalUrl(href) && !href.startsWith('/') && !href.startsWith('#') ? `/${href}` : href;
    return [{ key: d.key, name: d.kind === 'language' ? languageName(d.name) : d.name, href: local, external: isExternalUrl(href), current: d === chosen, division: d }];
  });
}

function DivisionIcon({ d, size = 16, item = false }: { d: Division; size?: number; item?: boolean }) {
  return d.icon ? <ContentIcon icon={d.icon} iconType={d.iconType} size={size} className={item ? 'switcher-icon nav-dropdown-item-icon' : 'switcher-icon'} /> : null;
}

/** The tab bar of a docs.json site: the tabs of the current level and global tabs; a tab's `menu` is a drop-down of it. */
export function DivisionTabBar({ settings, sections, current }: { settings: Settings; sections: SectionModel; current: Section }) {
  const tabs = levelOf(settings, sections, current, 'tab');
  if (tabs.length === 0) return null;
  const menuOf = (tab: Division) => tab.children.filter((c) => c.kind === 'menu' && !c.hidden);
  return (
    <nav className="tab-bar nav-tabs" aria-label="Sections">
      <ul>
        {tabs.map((t) => {
          const menu = menuOf(t.division);
          const link = (
            <a className="nav-tabs-item" href={t.href} aria-current={t.current ? 'true' : undefined} {...(t.external ? externalProps : {})}>
              <DivisionIcon d={t.division} size={14} />
              {t.name}
              {t.division.tag && <span className="nav-tag nav-tag-pill">{t.division.tag}</span>}
              {t.external && <ExternalIcon />}
            </a>
          );
          return (
            <li key={t.key} className={t.division.align === 'end' ? 'tab-end' : undefined}>
              {menu.length === 0 ? link : (
                <details className="tab-menu">
                  <summary className="nav-tabs-item nav-dropdown-trigger" aria-current={t.current ? 'true' : undefined}>
                    <DivisionIcon d={t.division} size={14} />
                    {t.name}
                    {t.division.tag && <span className="nav-tag nav-tag-pill">{t.division.tag}</span>}
                    <ChevronIcon />
                  </summary>
                  <ul className="switcher-menu nav-dropdown-content">
                    {menu.map((m) => {
                      const href = sections.hrefOf?.(m) ?? m.href ?? '#';
                      const chosen = current.path?.includes(m);
                      return (
                        <li key={m.key}>
                          <a className="nav-dropdown-item" href={href} aria-current={chosen ? 'true' : undefined} data-active={chosen ? '' : undefined} {...(isExternalUrl(href) ? externalProps : {})}>
                            <DivisionIcon d={m} item />
                            <span className="switcher-text nav-dropdown-item-text-container">
                              <span className="switcher-name nav-dropdown-item-title">{m.name}</span>
                              {m.description && <span className="switcher-description nav-dropdown-item-description">{m.description}</span>}
                            </span>
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The choices a switcher of `kind` offers; none when there is nothing to switch to. */
function switcherChoices(settings: Settings, sections: SectionModel, current: Section, kind: DivisionKind, pageUrl?: string) {
  const items = levelOf(settings, sections, current, kind, pageUrl);
  if (items.length === 0 || (items.length === 1 && items[0]!.current && kind !== 'product' && kind !== 'dropdown')) return undefined;
  return items;
}

const SWITCHER_LABEL: Partial<Record<DivisionKind, string>> = { product: 'Product', version: 'Version', dropdown: 'Section', language: 'Language' };

/**
 * A drop-down switcher (products, versions, dropdowns, languages): a disclosure whose summary is
 * the current choice and whose menu links to each choice's first page (a version's, given the
 * page being read, to that page in the version when it has it). Works without JavaScript;
 * the client script closes it on a click elsewhere or Escape (client/switchers.ts).
 */
export function Switcher({ settings, sections, current, kind, pageUrl }: { settings: Settings; sections: SectionModel; current: Section; kind: DivisionKind; pageUrl?: string }) {
  const items = switcherChoices(settings, sections, current, kind, pageUrl);
  if (!items) return null;
  const chosen = items.find((i) => i.current);
  const label = SWITCHER_LABEL[kind] ?? kind;
  const shown = chosen ?? items[0]!;
  return (
    <details className={`switcher switcher-${kind}`}>
      <summary className="nav-dropdown-trigger" aria-label={`${label}: ${chosen ? shown.name : 'choose'}`}>
        {kind === 'language' ? <GlobeIcon /> : <DivisionIcon d={shown.division} />}
        <span className="switcher-text">
          <span className="switcher-name">{kind === 'language' ? shown.division.name : shown.name}</span>
          {kind !== 'language' && chosen?.division.description && <span className="switcher-description">{chosen.division.description}</span>}
        </span>
        {kind !== 'language' && chosen?.division.tag && <span className="switcher-tag">{chosen.division.tag}</span>}
        <ChevronIcon />
      </summary>
      <ul className="switcher-menu nav-dropdown-content">
        {items.map((i) => (
          <li key={i.key}>
            <a className="nav-dropdown-item" href={i.href} aria-current={i.current ? 'true' : undefined} data-active={i.current ? '' : undefined} {...(i.external ? externalProps : {})} {...(kind === 'language' ? { hrefLang: languageTag(i.division.name), lang: languageTag(i.division.name) } : {})}>
              {kind !== 'language' && <DivisionIcon d={i.division} item />}
              <span className="switcher-text nav-dropdown-item-text-container">
                <span className="switcher-name nav-dropdown-item-title">{i.name}</span>
                {i.division.description && <span className="switcher-description nav-dropdown-item-description">{i.division.description}</span>}
              </span>
              {i.division.tag && <span className="switcher-tag">{i.division.tag}</span>}
              {i.external && <ExternalIcon />}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Anchors of a docs.json site: the current level's and the global ones, as links atop the sidebar. */
export function DivisionAnchors({ settings, sections, current }: { settings: Settings; sections: SectionModel; current: Section }) {
  const items = levelOf(settings, sections, current, 'anchor');
  if (items.length === 0) return null;
  return (
    <ul className="anchors nav-anchors" aria-label="Sections">
      {items.map((e) => {
        // Colours go into a style attribute: only a real colour is written (render/encode.ts).
        const color = cssColor(e.division.color?.light ?? e.division.color?.dark);
        return (
          <li key={e.key}>
            <AnchorLink href={e.href} name={e.name} current={e.current} external={e.external} icon={e.division.icon} iconType={e.division.iconType} background={color} />
          </li>
        );
      })}
    </ul>
  );
}

const SIDEBAR_SWITCHERS: DivisionKind[] = ['product', 'version', 'dropdown'];

/** The switchers atop the sidebar of a docs.json site, outermost level first. */
export function SidebarSwitchers({ settings, sections, current }: { settings: Settings; sections: SectionModel; current: Section }) {
  const kinds = SIDEBAR_SWITCHERS.filter((kind) => switcherChoices(settings, sections, current, kind));
  return (
    <>
      {kinds.length > 0 && (
        <div className="sidebar-switchers">
          {kinds.map((kind) => (
            <Switcher key={kind} settings={settings} sections={sections} current={current} kind={kind} />
          ))}
        </div>
      )}
      <DivisionAnchors settings={settings} sections={sections} current={current} />
    </>
  );
}
