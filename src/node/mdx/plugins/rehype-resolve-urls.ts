import type {} from '../vfile-data.js';
import type { Root, Element } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isRelativeUrl, resolveLink } from '../../../shared/urls.js';

export interface ResolveUrlsOptions {
  /** Id of the page (`guides/setup`); relative URLs are resolved against its folder. Default: `file.data.pageId`. */
  pageId?: string;
}

const URL_ATTRS: Record<string, string[]> = {
  a: ['href'], img: ['src'], video: ['src', 'poster'], source: ['src'], audio: ['src'],
  iframe: [], Card: ['href', 'img'], Frame: [], Image: ['src'],
};

/**
 * Makes links and media paths absolute from the site root, so a page reads the same at every
 * URL it is served from (`/` serves the first page too), and turns links to `.md`/`.mdx` files
 * into the page's clean URL. Works on Markdown output and on JSX written in the page.
 *
 * A snippet's relative URLs (`file.data.snippet`) are left as written: they resolve against the
 * page that renders the snippet, once it is rendered there (render/relative-urls.ts), as they do
 * on Mintlify, where a snippet shared by `oss/x` and `enterprise/x` links `../backends/tempo` to
 * each one's own page.
 */
export default function rehypeResolveUrls(options: ResolveUrlsOptions = {}) {
  return (tree: Root, file: VFile) => {
    const id = options.pageId ?? file.data.pageId ?? '';
    const resolve = (value: string, isLink: boolean) => {
      if (file.data.snippet && isRelativeUrl(value)) {
        file.data.relativeUrls = true;
        return value;
      }
      return resolveLink(value, id, isLink);
    };
    visit(tree, (node) => {
      if (node.type === 'element') {
        const el = node as Element;
        for (const attr of URL_ATTRS[el.tagName] ?? []) {
          const v = el.properties?.[attr];
          if (typeof v === 'string') el.properties[attr] = resolve(v, attr === 'href');
        }
        return;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const jsx = node as unknown as { name: string | null; attributes: { type: string; name?: string; value?: unknown }[] };
        const attrs = URL_ATTRS[jsx.name ?? ''];
        if (!attrs) return;
        for (const a of jsx.attributes) {
          if (a.type === 'mdxJsxAttribute' && a.name && attrs.includes(a.name) && typeof a.value === 'string') {
            a.value = resolve(a.value, a.name === 'href');
          }
        }
      }
    });
  };
}
