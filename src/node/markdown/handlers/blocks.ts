import { asBlocks, asPhrasing, code, inlineCode, link, list, listItem, paragraph, strong, text } from '../build.js';
import type { Handler, JsxElement, RootContent } from '../types.js';

/** Components whose Markdown is just what they hold: `<Panel>`, `<Banner>`, `<Columns>`, `<Column>`, `<Popup>`. */
export const content: Handler = async (node, ctx, inline) => {
  const body = await ctx.children(node);
  return inline ? asPhrasing(body) : body;
};

/** `<Tile href title description>`: a link named by its title, then the description. */
export const tile: Handler = async (node, ctx) => {
  const href = ctx.attr(node, 'href');
  const title = ctx.attr(node, 'title') ?? href;
  const description = ctx.attr(node, 'description');
  if (!title) return [];
  const head = href ? link(href, strong(text(title))) : strong(text(title));
  return [paragraph(head, ...(description ? [text(`: ${description}`)] : []))];
};

/** `<PopupContent>` after its trigger: in parentheses inline, as its blocks otherwise. */
export const popupContent: Handler = async (node, ctx, inline) => {
  const body = await ctx.children(node);
  return inline ? [text(' ('), ...asPhrasing(body), text(')')] : body;
};

/**
 * `<Prompt description>`: the description, then the prompt as the author wrote it, in a fenced
 * block an agent can take as it is.
 */
export const prompt: Handler = async (node, ctx) => {
  const description = ctx.attr(node, 'description');
  const source = ctx.attr(node, 'source');
  const body: RootContent[] = source !== undefined ? [code(source, 'text')] : asBlocks(await ctx.children(node));
  return [...(description ? [paragraph(strong(text(description)))] : []), ...body];
};

const isElement = (n: { type: string }, name: string): n is JsxElement => (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && (n as JsxElement).name === name;

/** `<Color>`: each `<Color.Item>` as "name: `value`" in a list, under the title of its `<Color.Row>`. */
export const color: Handler = (node, ctx) => {
  const items = (parent: JsxElement) =>
    parent.children.filter((c) => isElement(c, 'Color.Item')).map((item) => {
      const name = ctx.attr(item as JsxElement, 'name');
      const value = ctx.attr(item as JsxElement, 'value') ?? themed(item as JsxElement);
      return listItem([paragraph(...(name ? [text(`${name}: `)] : []), inlineCode(value ?? ''))]);
    });
  const out: RootContent[] = [];
  const own = items(node);
  if (own.length) out.push(list(false, own));
  for (const row of node.children.filter((c) => isElement(c, 'Color.Row'))) {
    const title = ctx.attr(row as JsxElement, 'title');
    if (title) out.push(paragraph(strong(text(title))));
    out.push(list(false, items(row as JsxElement)));
  }
  return out;
};

/** `value={{ light: "#fff", dark: "#000" }}` as "#fff / #000". */
function themed(item: JsxElement): string | undefined {
  const a = item.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === 'value');
  const expr = a && typeof a.value === 'object' && a.value ? a.value.value : '';
  const found = [...expr.matchAll(/(light|dark)\s*:\s*["']([^"']*)["']/g)].map((m) => m[2]);
  return found.length ? found.join(' / ') : undefined;
}

/** `<Mention page>` a link to the page; `<Mention user>` the name before the @. */
export const mention: Handler = (node, ctx) => {
  const page = ctx.attr(node, 'page');
  if (page) return [link(page, text(page))];
  const user = ctx.attr(node, 'user');
  return user ? [text(`@${user.split('@')[0]}`)] : [];
};

/** `<GitHub.Repo repo>`: a link to the repository. */
export const githubRepo: Handler = (node, ctx) => {
  const repo = ctx.attr(node, 'repo')?.replace(/^https?:\/\/(www\.)?github\.com\//i, '').replace(/\.git$|\/$/g, '');
  return repo ? [paragraph(link(`https://github.com/${repo}`, text(repo)))] : [];
};

/** `<Timeline>`: a list, each `<Timeline.Item title date>` an item with its title in bold. */
export const timeline: Handler = async (node, ctx) => {
  const items = [];
  for (const child of node.children) {
    if (!isElement(child, 'Timeline.Item')) continue;
    const title = ctx.attr(child, 'title');
    const date = ctx.attr(child, 'date');
    const head = [...(title ? [strong(text(title))] : []), ...(date ? [text(title ? ` (${date})` : date)] : [])];
    items.push(listItem([...(head.length ? [paragraph(...head)] : []), ...(await ctx.children(child))]));
  }
  return items.length ? [list(false, items)] : [];
};
