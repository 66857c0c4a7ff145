import { type ContentModel, isIndexable, type NavNode, type Page, pagesInOrder } from '../content/pages.js';
import type { Settings } from '../settings/types.js';
import { absolute, markdownPath } from '../../shared/urls.js';

/**
 * Pages that are offered to AI tools (llms.txt, llms-full.txt, each page's Markdown): those the
 * navigation lists and does not hide, as Mintlify does, unless the settings index every page;
 * never `noindex` ones (content/pages.ts `isIndexable`).
 */
export function llmsPages(content: ContentModel, settings: Pick<Settings, 'indexHiddenPages'>): Page[] {
  return pagesInOrder(content).filter((p) => isIndexable(p, content, settings));
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
const escapeLabel = (s: string) => s.replace(/([[\]\\])/g, '\\$1');

/**
 * llms.txt (llmstxt.org): the site name, then one section per top-level navigation group
 * listing its pages (links to their Markdown) with their descriptions; pages outside the
 * navigation come last under "Other pages".
 */
export function llmsTxt(settings: Settings, content: ContentModel): string {
  const pages = llmsPages(content, settings);
  const allowed = new Set(pages.map((p) => p.id));
  const listed = new Set<string>();
  const line = (p: Page) => {
    listed.add(p.id);
    const desc = p.frontMatter.description ? `: ${oneLine(p.frontMatter.description)}` : '';
    return `- [${escapeLabel(p.title)}](${absolute(settings.siteUrl, markdownPath(p.url))})${desc}`;
  };
  const sections: string[] = [];
  const groups = new Map<string, string[]>();
  const walk = (nodes: NavNode[], into: string[]) => {
    for (const n of nodes) {
      if (n.kind === 'group') {
        // A group's root page comes before its pages.
        const root = n.root && content.pages.get(n.root.id);
        if (root && allowed.has(root.id) && !listed.has(root.id)) into.push(line(root));
        walk(n.children, into);
      } else {
        const p = content.pages.get(n.id);
        if (p && allowed.has(p.id) && !listed.has(p.id)) into.push(line(p));
      }
    }
  };
  // Groups of the same name (one per tab or version) are listed together.
  for (const g of content.nav) {
    // Pages listed without a group are listed under "Pages".
    const title = g.title || 'Pages';
    const into = groups.get(title) ?? [];
    walk([g], into);
    groups.set(title, into);
  }
  for (const [title, lines] of groups) if (lines.length) sections.push(`## ${title}\n\n${lines.join('\n')}`);
  const rest = pages.filter((p) => !listed.has(p.id)).map(line);
  if (rest.length) sections.push(`## Other pages\n\n${rest.join('\n')}`);

  const home = content.byUrl.get('/');
  const summary = settings.metadata?.['og:description'] ?? settings.metadata?.description ?? home?.frontMatter.description;
  const head = [`# ${settings.name}`];
  if (summary) head.push(`> ${oneLine(summary)}`);
  return head.join('\n\n') + '\n\n' + sections.join('\n\n') + '\n';
}

/**
 * llms-full.txt, every page's Markdown in navigation order separated by rules, as it is written: a piece at a time (the whole file is as big as the site's
 * Markdown): its head, then one piece per page (`last`: the page that ends the file). Each piece
 * ends a line, so a writer can rebase them one by one (output/base-path.ts).
 */
export async function* llmsFullPieces(settings: Settings, pages: Page[], markdown: (page: Page) => Promise<string>): AsyncGenerator<string> {
  yield llmsFullHead(settings);
  for (const [i, page] of pages.entries()) yield llmsFullPiece(settings, page, await markdown(page), i === pages.length - 1);
  if (!pages.length) yield '\n';
}

const llmsFullHead = (settings: Settings) => `# ${settings.name}\n\n`;

const llmsFullPiece = (settings: Settings, page: Page, markdown: string, last: boolean) =>
  `${markdown.trim()}\n\nSource: ${absolute(settings.siteUrl, page.url)}${last ? '\n' : '\n\n---\n\n'}`;
