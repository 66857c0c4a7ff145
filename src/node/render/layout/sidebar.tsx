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

/**
 * The sidebar is the same for every page of a section, so it is rendered once and the current
 * page is marked by a string edit. Rendering it per page is what makes other generators
 * quadratic in the number of pages.
 */
export class SidebarRenderer {
  private html: string | undefined;
  /** url → ids of the nested groups that hold it, to open them on that page. */
  private readonly ancestors = new Map<string, number[]>();

  constructor(private readonly groups: NavGroupNode[]) {
    const counter = { next: 0 };
    const walk = (nodes: NavNode[], open: number[]) => {
      for (const n of nodes) {
        if (n.kind === 'page') {
          if (!this.ancestors.has(n.url)) this.ancestors.set(n.url, open);
        } else {
          const gid = counter.next++;
          walk(n.children, [...open, gid]);
        }
      }
    };
    for (const g of groups) walk(g.children, []);
  }

  render(activeUrl: string): string {
    this.html ??= renderToStaticMarkup(<Groups groups={this.groups} />);
    let out = this.html;
    const link = `class="nav-link" href="${escapeAttr(activeUrl)}"`;
    const at = out.indexOf(link + '>');
    if (at >= 0) out = out.slice(0, at) + link + ' aria-current="page">' + out.slice(at + link.length + 1);
    for (const gid of this.ancestors.get(activeUrl) ?? []) {
      out = out.replace(`<details class="nav-subgroup" data-gid="${gid}">`, `<details class="nav-subgroup" data-gid="${gid}" open="">`);
    }
    return out;
  }
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
