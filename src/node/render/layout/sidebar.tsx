import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import type { NavGroupNode, NavNode } from '../../content/pages.js';
import { ContentIcon } from '../../icons/Icon.js';
import { ChevronIcon } from './icons.js';

/** A page's or group's `icon`: 16 px, muted, in the accent colour on the current page (sidebar.css). */
function NavIcon({ icon, iconType }: { icon?: string; iconType?: string }) {
  return icon ? <ContentIcon icon={icon} iconType={iconType} size={16} className="nav-icon" /> : null;
}

interface Numbered {
  next: number;
}

function Item({ node, counter }: { node: NavNode; counter: Numbered }) {
  if (node.kind === 'page') {
    return (
      <li>
        <a className="nav-link" href={node.url}>
          <NavIcon icon={node.icon} iconType={node.iconType} />
          {node.title}
        </a>
      </li>
    );
  }
  const gid = counter.next++;
  return (
    <li>
      <details className="nav-subgroup" data-gid={gid}>
        <summary>
          <span className="nav-subgroup-label"><NavIcon icon={node.icon} iconType={node.iconType} />{node.title}</span>
          <ChevronIcon />
        </summary>
        <ul>{node.children.map((c, i) => <Item key={i} node={c} counter={counter} />)}</ul>
      </details>
    </li>
  );
}

function Groups({ groups }: { groups: NavGroupNode[] }) {
  const counter = { next: 0 };
  return (
    <>
      {groups.map((g, i) => (
        <section className="nav-group" key={i} data-version={g.version}>
          <h2 className="nav-group-title"><NavIcon icon={g.icon} iconType={g.iconType} />{g.title}</h2>
          <ul>{g.children.map((c, j) => <Item key={j} node={c} counter={counter} />)}</ul>
        </section>
      ))}
    </>
  );
}

/** Above this many links a section's sidebar is sent in part (see `SidebarRenderer`). */
export const INLINE_NAV_LIMIT = 150;

/**
 * The sidebar is the same for every page of a section, so it is rendered once and the current
 * page is marked by a string edit. Rendering it per page is what makes other generators
 * quadratic in the number of pages.
 *
 * Inlining it whole is quadratic too: a large section's pages each carry every link. Past
 * `INLINE_NAV_LIMIT` links a page gets the group it is in, complete, and the other top-level
 * groups as their title and a link to their first page; the whole navigation is one shared file
 * (`file()`) that the client script swaps in. Without JavaScript every group is still reachable.
 */
export class SidebarRenderer {
  private html: string | undefined;
  private parts: { full: string[]; stubs: string[] } | undefined;
  /** url → ids of the nested groups that hold it, to open them on that page. */
  private readonly ancestors = new Map<string, number[]>();
  /** url → index of the top-level group that holds it. */
  private readonly groupOf = new Map<string, number>();
  private readonly links: number;
  private navFile: { url: string; body: string } | undefined;

  constructor(private readonly groups: NavGroupNode[]) {
    const counter = { next: 0 };
    let links = 0;
    const walk = (nodes: NavNode[], open: number[], top: number) => {
      for (const n of nodes) {
        if (n.kind === 'page') {
          links++;
          if (!this.ancestors.has(n.url)) this.ancestors.set(n.url, open);
          if (!this.groupOf.has(n.url)) this.groupOf.set(n.url, top);
        } else {
          const gid = counter.next++;
          walk(n.children, [...open, gid], top);
        }
      }
    };
    groups.forEach((g, i) => walk(g.children, [], i));
    this.links = links;
  }

  private full(): string {
    return (this.html ??= renderToStaticMarkup(<Groups groups={this.groups} />));
  }

  /** Whether pages carry only part of this sidebar (and the client loads the rest). */
  get partial(): boolean {
    return this.links > INLINE_NAV_LIMIT;
  }

  /** The whole navigation as one cacheable file, for sections sent in part. */
  file(): { url: string; body: string } | undefined {
    if (!this.partial) return undefined;
    if (!this.navFile) {
      const body = this.full();
      this.navFile = { url: `/_kiln/nav/${createHash('sha256').update(body).digest('hex').slice(0, 12)}.html`, body };
    }
    return this.navFile;
  }

  private split(): { full: string[]; stubs: string[] } {
    if (this.parts) return this.parts;
    // Top-level groups are sibling <section>s (nested groups are <details>), so the markup splits on them.
    const full = this.full().split(/(?=<section class="nav-group")/).filter(Boolean);
    const stubs = full.map((html, i) => {
      const head = html.slice(0, html.indexOf('</h2>') + 5).replace('<section class="nav-group"', `<section class="nav-group nav-group-stub" data-nav-index="${i}"`);
      const first = firstPage(this.groups[i]!.children);
      const count = countPages(this.groups[i]!.children);
      const more = first ? `<ul><li><a class="nav-link nav-more" href="${escapeAttr(first.url)}">${escapeHtml(first.title)}${count > 1 ? ` <span class="nav-more-count">and ${count - 1} more</span>` : ''}</a></li></ul>` : '';
      return `${head}${more}</section>`;
    });
    return (this.parts = { full, stubs });
  }

  render(activeUrl: string): string {
    let out: string;
    if (this.partial) {
      const { full, stubs } = this.split();
      const active = this.groupOf.get(activeUrl);
      out = full.map((html, i) => (i === active ? html : stubs[i])).join('') + `<div hidden data-kiln-nav="${this.file()!.url}"></div>`;
    } else out = this.full();
    const link = `class="nav-link" href="${escapeAttr(activeUrl)}"`;
    const at = out.indexOf(link + '>');
    if (at >= 0) out = out.slice(0, at) + link + ' aria-current="page">' + out.slice(at + link.length + 1);
    for (const gid of this.ancestors.get(activeUrl) ?? []) {
      out = out.replace(`<details class="nav-subgroup" data-gid="${gid}">`, `<details class="nav-subgroup" data-gid="${gid}" open="">`);
    }
    return out;
  }
}

function firstPage(nodes: NavNode[]): { url: string; title: string } | undefined {
  for (const n of nodes) {
    if (n.kind === 'page') return n;
    const inner = firstPage(n.children);
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
