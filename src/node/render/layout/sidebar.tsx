import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import type { NavGroupNode, NavNode, NavPageNode } from '../../content/pages.js';
import { ContentIcon } from '../../icons/Icon.js';
import { ChevronIcon, ExternalIcon } from './icons.js';
import { isExternalUrl } from '../../../shared/urls.js';

/** A page's or group's `icon`: 16 px, muted, in the accent colour on the current page (sidebar.css). */
function NavIcon({ icon, iconType, group = false }: { icon?: string; iconType?: string; group?: boolean }) {
  return icon ? <ContentIcon icon={icon} iconType={iconType} size={16} className={group ? 'nav-icon sidebar-group-icon' : 'nav-icon'} /> : null;
}

/**
 * A page's title; endpoint pages get their method badge (Mintlify's sidebar) and a deprecated mark,
 * an entry that links to another site (front matter `url`) an arrow.
 */
function navTitle(node: NavPageNode, external: boolean) {
  if (!node.method && !node.deprecated && !external) return node.title;
  return (
    <>
      {node.method && <span className={`nav-method nav-method-${node.method.toLowerCase()} method-nav-pill`} title={node.method}>{node.method === 'DELETE' ? 'DEL' : node.method === 'WEBHOOK' ? 'HOOK' : node.method === 'OPTIONS' ? 'OPT' : node.method}</span>}
      <span className={node.deprecated ? 'nav-title nav-title-deprecated' : 'nav-title'}>{node.title}</span>
      {node.deprecated && <span className="nav-deprecated">deprecated</span>}
      {external && <ExternalIcon />}
    </>
  );
}

interface Numbered {
  next: number;
}

/** A badge after a title (`tag` of a page's front matter or of a group). */
function Tag({ tag }: { tag?: string }) {
  return tag ? <span className="nav-tag nav-tag-pill">{tag}</span> : null;
}

/**
 * A group's name: a link to its root page when it has one (`data-root` comes first so that
 * `markCurrent` finds `class="nav-link" href="…"` as on any link).
 */
function GroupName({ group }: { group: NavGroupNode }) {
  const label = <><NavIcon icon={group.icon} iconType={group.iconType} group />{group.title}<Tag tag={group.tag} /></>;
  return group.root ? <a data-root="" className="nav-link" href={group.root.url}>{label}</a> : label;
}


/**
 * A page's entry: its link (or its front matter `url`, opened in a new tab when it is another
 * site's), icon, title and tag. Written inline in `Item`: large sidebars render tens of thousands.
 */
function pageLink(node: NavPageNode) {
  const external = !!node.href && isExternalUrl(node.href);
  return (
    <a className={node.method ? 'nav-link nav-endpoint' : 'nav-link'} href={node.href ?? node.url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <NavIcon icon={node.icon} iconType={node.iconType} />
      {navTitle(node, external)}
      <Tag tag={node.tag} />
    </a>
  );
}

/**
 * Whether an entry is drawn: a page unless hidden; a group unless hidden or it would open on
 * nothing (no root page, and every page in it hidden or missing).
 */
function shows(node: NavNode): boolean {
  if (node.hidden) return false;
  return node.kind === 'page' || !!node.root || node.children.some(shows);
}

function Item({ node, counter }: { node: NavNode; counter: Numbered }) {
  if (node.kind === 'page') {
    if (node.hidden) return null;
    return <li>{pageLink(node)}</li>;
  }
  const gid = counter.next++;
  if (!shows(node)) {
    skipGroups(node.children, counter);
    return null;
  }
  return (
    <li>
      <details className="nav-subgroup" data-gid={gid} open={node.expanded || undefined}>
        <summary>
          <span className="nav-subgroup-label"><GroupName group={node} /></span>
          <ChevronIcon />
        </summary>
        <ul>{node.children.map((c, i) => <Item key={i} node={c} counter={counter} />)}</ul>
      </details>
    </li>
  );
}

/** Nested groups of a group that is not drawn still take their ids, so the numbering stays the constructor's. */
function skipGroups(nodes: NavNode[], counter: Numbered): void {
  for (const n of nodes) {
    if (n.kind === 'group') {
      counter.next++;
      skipGroups(n.children, counter);
    }
  }
}

/** No heading for a group without a name (`group: ""`, or a division's ungrouped pages): an empty one is a stray gap. */
function GroupTitle({ group }: { group: NavGroupNode }) {
  if (!group.title.trim() && !group.icon && !group.tag && !group.root) return null;
  return <h2 className="nav-group-title sidebar-group-header"><GroupName group={group} /></h2>;
}

/** One top-level group; `counter` numbers its nested groups, continuing from the groups before it. */
function Group({ group, counter }: { group: NavGroupNode; counter: Numbered }) {
  if (!shows(group)) {
    skipGroups(group.children, counter);
    return null;
  }
  return (
    <section className="nav-group sidebar-group" data-version={group.version}>
      <GroupTitle group={group} />
      <ul>{group.children.map((c, j) => <Item key={j} node={c} counter={counter} />)}</ul>
    </section>
  );
}

/** A group outside the current one: its title and a link to its first page. */
function GroupStub({ group }: { group: NavGroupNode }) {
  if (!shows(group)) return null;
  return (
    <section className="nav-group sidebar-group nav-group-stub" data-version={group.version}>
      <GroupTitle group={group} />
      <ul dangerouslySetInnerHTML={{ __html: moreLinkItem(group.children) }} />
    </section>
  );
}

/** Above this many links a section's sidebar is sent in part (see `SidebarRenderer`). */
export const INLINE_NAV_LIMIT = 150;
/** Top-level groups either side of the current one that a page names (title and first link). */
export const GROUP_WINDOW = 8;
/** In a current group larger than `INLINE_NAV_LIMIT`: entries either side of the page's, per level. */
export const ENTRY_WINDOW = 15;

/**
 * The sidebar is the same for every page of a section, so it is rendered once and the current
 * page is marked by a string edit. Rendering it per page is what makes other generators
 * quadratic in the number of pages.
 *
 * Inlining it whole is quadratic too: a large section's pages each carry every link. Past
 * `INLINE_NAV_LIMIT` links the whole navigation is one shared file (`file()`) that the client
 * script swaps in, and a page carries only what is around it: the top-level group it is in
 * (whole when it is small; otherwise a window of entries around the page at each level, closed
 * groups as one link), and up to `GROUP_WINDOW` other groups either side as their title and a
 * link to their first page. So a page's sidebar is bounded whatever the size of the site, and
 * without JavaScript every page is still reachable: each cut-off part is a link into it.
 */
export class SidebarRenderer {
  /** Markup of each top-level group and of its stub, made when first needed. */
  private readonly groupHtml: (string | undefined)[] = [];
  private readonly stubHtml: (string | undefined)[] = [];
  /** Id of the first nested group of each top-level group (ids run through the whole sidebar). */
  private readonly firstGid: number[] = [];
  /** url → ids of the nested groups that hold it, to open them on that page. */
  private readonly ancestors = new Map<string, number[]>();
  /** url → indices from the top-level group down to the page's entry. */
  private readonly pathOf = new Map<string, number[]>();
  private readonly sizes: number[];
  private readonly links: number;
  private navFile: { url: string; body: string } | undefined;
  private url: string | undefined;

  constructor(private readonly groups: NavGroupNode[]) {
    const counter = { next: 0 };
    const walk = (nodes: NavNode[], open: number[], path: number[]) => {
      nodes.forEach((n, i) => {
        if (n.kind === 'page') {
          if (!this.ancestors.has(n.url)) this.ancestors.set(n.url, open);
          if (!this.pathOf.has(n.url)) this.pathOf.set(n.url, [...path, i]);
        } else {
          const gid = counter.next++;
          // A group's root page opens the group, as its pages do.
          if (n.root && !this.ancestors.has(n.root.url)) this.ancestors.set(n.root.url, [...open, gid]);
          walk(n.children, [...open, gid], [...path, i]);
        }
      });
    };
    groups.forEach((g, i) => {
      this.firstGid.push(counter.next);
      walk(g.children, [], [i]);
    });
    this.sizes = groups.map((g) => countPages(g.children));
    this.links = this.sizes.reduce((a, b) => a + b, 0);
  }

  /** Top-level groups are rendered one by one, so a page of a large section renders only its own. */
  private group(i: number): string {
    return (this.groupHtml[i] ??= renderToStaticMarkup(<Group group={this.groups[i]!} counter={{ next: this.firstGid[i]! }} />));
  }

  private stub(i: number): string {
    return (this.stubHtml[i] ??= renderToStaticMarkup(<GroupStub group={this.groups[i]!} />));
  }

  private full(): string {
    return this.groups.map((_, i) => this.group(i)).join('');
  }

  /** Whether pages carry only part of this sidebar (and the client loads the rest). */
  get partial(): boolean {
    return this.links > INLINE_NAV_LIMIT;
  }

  /** The whole navigation as one cacheable file, for sections sent in part. */
  file(): { url: string; body: string } | undefined {
    if (!this.partial) return undefined;
    return (this.navFile ??= { url: this.fileUrl(), body: this.full() });
  }

  /**
   * Named by what it is made from (the navigation, and the markup of its first group for the
   * renderer's own changes), so a page can link it without rendering every group.
   */
  private fileUrl(): string {
    const hash = createHash('sha256').update(JSON.stringify(this.groups)).update(this.group(0)).digest('hex');
    return `/_kiln/nav/${hash.slice(0, 12)}.html`;
  }

  render(activeUrl: string): string {
    if (!this.partial) return markCurrent(this.full(), activeUrl, this.ancestors.get(activeUrl));
    const path = this.pathOf.get(activeUrl);
    const active = path?.[0] ?? -1;
    const from = Math.max(0, (active < 0 ? 0 : active) - GROUP_WINDOW);
    const to = Math.min(this.groups.length, (active < 0 ? 0 : active) + GROUP_WINDOW + 1);
    let out = '';
    if (from > 0) out += moreGroups(from, this.groups[from - 1]!);
    for (let i = from; i < to; i++) {
      if (i !== active) out += this.stub(i);
      else if (this.sizes[i]! <= INLINE_NAV_LIMIT) out += markCurrent(this.group(i), activeUrl, this.ancestors.get(activeUrl));
      else out += markCurrent(renderToStaticMarkup(<WindowedGroup group={this.groups[i]!} path={path!} />), activeUrl);
    }
    if (to < this.groups.length) out += moreGroups(this.groups.length - to, this.groups[to]!);
    return out + `<div hidden data-kiln-nav="${(this.url ??= this.navFile?.url ?? this.fileUrl())}"></div>`;
  }
}

/**
 * Marks the current page's link (an endpoint's too), its entry and its top-level group
 * (`li[data-active]`, `.sidebar-group[data-active]`: Mintlify's selectors for them), and opens the
 * nested groups (by id) that hold it.
 */
function markCurrent(html: string, activeUrl: string, openGids: number[] = []): string {
  const href = ` href="${escapeAttr(activeUrl)}">`;
  let link = 'class="nav-link"' + href;
  let at = html.indexOf(link);
  if (at < 0) at = html.indexOf((link = 'class="nav-link nav-endpoint"' + href));
  if (at >= 0) {
    const entry = html.startsWith('<li><a ', at - 7);
    html = (entry ? html.slice(0, at - 7) + '<li data-active=""><a ' : html.slice(0, at)) + link.slice(0, -1) + ' aria-current="page">' + html.slice(at + link.length);
    const group = html.lastIndexOf('<section class="nav-group sidebar-group"', at);
    if (group >= 0) html = html.slice(0, group) + '<section data-active=""' + html.slice(group + '<section'.length);
  }
  for (const gid of openGids) {
    html = html.replace(`<details class="nav-subgroup" data-gid="${gid}">`, `<details class="nav-subgroup" data-gid="${gid}" open="">`);
  }
  return html;
}

/** A large current group: the entries around the page at each level, the rest as links into it. */
function WindowedGroup({ group, path }: { group: NavGroupNode; path: number[] }) {
  return (
    <section className="nav-group sidebar-group" data-version={group.version}>
      <GroupTitle group={group} />
      <ul><Window nodes={group.children} path={path} depth={1} /></ul>
    </section>
  );
}

function Window({ nodes, path, depth }: { nodes: NavNode[]; path: number[]; depth: number }) {
  const at = path[depth]!;
  const from = Math.max(0, at - ENTRY_WINDOW);
  const to = Math.min(nodes.length, at + ENTRY_WINDOW + 1);
  const items = [];
  if (from > 0) items.push(<MoreEntries key="before" count={countPages(nodes.slice(0, from))} target={nodes[from - 1]!} />);
  for (let i = from; i < to; i++) {
    const n = nodes[i]!;
    if (n.kind === 'page') {
      items.push(<Item key={i} node={n} counter={{ next: 0 }} />);
      continue;
    }
    items.push(
      <li key={i}>
        <details className="nav-subgroup" open={i === at}>
          <summary>
            <span className="nav-subgroup-label"><NavIcon icon={n.icon} iconType={n.iconType} />{n.title}</span>
            <ChevronIcon />
          </summary>
          <ul>{i === at ? <Window nodes={n.children} path={path} depth={depth + 1} /> : <li dangerouslySetInnerHTML={{ __html: moreLink(firstPage(n.children), countPages(n.children)) }} />}</ul>
        </details>
      </li>,
    );
  }
  if (to < nodes.length) items.push(<MoreEntries key="after" count={countPages(nodes.slice(to))} target={nodes[to]!} />);
  return <>{items}</>;
}

/** The entries cut off on one side of the window (`count` pages), as a link to the nearest of them. */
function MoreEntries({ count, target }: { count: number; target: NavNode }) {
  const html = moreLink(target.kind === 'page' ? target : firstPage(target.children), count);
  return html ? <li dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/** `<li>` linking a collapsed group's first page, with how many more it holds. */
function moreLinkItem(nodes: NavNode[]): string {
  const html = moreLink(firstPage(nodes), countPages(nodes));
  return html ? `<li>${html}</li>` : '';
}

/** A link to `page` standing for `count` pages: "Title and N more". */
function moreLink(page: { url: string; title: string } | undefined, count: number, title = page?.title, unit = ''): string {
  if (!page) return '';
  const more = count > 1 ? ` <span class="nav-more-count">and ${count - 1} more${unit}</span>` : '';
  return `<a class="nav-link nav-more" href="${escapeAttr(page.url)}">${escapeHtml(title!)}${more}</a>`;
}

/** The `count` top-level groups beyond the window, as one link to the nearest of them. */
function moreGroups(count: number, nearest: NavGroupNode): string {
  const first = firstPage(nearest.children);
  // An untitled group is named by its first page.
  const link = moreLink(first, count, nearest.title.trim() || first?.title, count === 2 ? ' group' : ' groups');
  return link ? `<section class="nav-group sidebar-group nav-group-stub nav-more-groups"><ul><li>${link}</li></ul></section>` : '';
}

function firstPage(nodes: NavNode[]): { url: string; title: string } | undefined {
  for (const n of nodes) {
    if (n.hidden) continue;
    if (n.kind === 'page') return n;
    const inner = n.root ?? firstPage(n.children);
    if (inner) return inner;
  }
  return undefined;
}

function countPages(nodes: NavNode[]): number {
  return nodes.reduce((sum, n) => sum + (n.kind === 'page' ? 1 : countPages(n.children)), 0);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
