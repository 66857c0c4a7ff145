import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { pageDocument } from '../mdx/page-document.js';
import { visitParents } from 'unist-util-visit-parents';
import { withCodeBlocksAsCode } from '../mdx/plugins/remark-code-block-element.js';
import { updateId } from '../mdx/plugins/remark-update-toc.js';
import { fieldOf } from '../render/components/fields.js';
import { accordionId } from '../mdx/plugins/remark-heading-ids.js';

/** A position in the scanned file (1-based). */
export interface At {
  line: number;
  column: number;
}

/** A URL written in the page: a link (`href`) or a media source (`src`). */
export interface Reference extends At {
  value: string;
  kind: 'link' | 'media';
}

export interface ImageUse extends At {
  src: string;
  alt?: string;
  inFrame: boolean;
}

/** What `kiln check` needs from one MDX file, read from its syntax tree with positions. */
export interface MdxFacts {
  references: Reference[];
  images: ImageUse[];
  /** Level-1 headings (Markdown `#` or `<h1>`). */
  h1: (At & { text: string })[];
  /** Every id the rendered file gives an element: all headings (as remark-heading-ids names them), `<Update>` entries, `id="…"` attributes. */
  ids: Set<string>;
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
const LINK_ATTRS = new Set(['href']);
const MEDIA_ATTRS = new Set(['src', 'img', 'poster']);
const IMAGE_TAGS = new Set(['img', 'Image']);

/**
 * The facts of an MDX body, read from the document its compile parsed (mdx/page-document.ts: the
 * same syntax, prices not taken for math); throws when it does not parse, which the compiler reports.
 */
export function scanMdx(file: string, source: string): MdxFacts {
  const doc = pageDocument(file, source);
  if (doc.kind !== 'parsed') throw new Error(`${file} was not parsed`);
  // Read as the compile reads it. Only a `<CodeBlock>` changes what is read, so only then a copy.
  const tree: Root = source.includes('<CodeBlock') ? withCodeBlocksAsCode(doc.tree, file, source) : doc.tree;
  const facts: MdxFacts = { references: [], images: [], h1: [], ids: new Set() };
  const slugger = new GithubSlugger();
  const definitions = new Map<string, string>();
  const accordions: Jsx[] = [];
  visitParents(tree, 'definition', (node) => void definitions.set(node.identifier.toLowerCase(), node.url));

  visitParents(tree, (node, ancestors) => {
    const at = (n: { position?: { start: { line: number; column: number } } } = node): At => ({ line: n.position?.start.line ?? 1, column: n.position?.start.column ?? 1 });
    const inFrame = () => ancestors.some((a) => (a.type === 'mdxJsxFlowElement' || a.type === 'mdxJsxTextElement') && (a as Jsx).name === 'Frame');
    switch (node.type) {
      case 'heading': {
        const text = toString(node).trim();
        facts.ids.add(slugger.slug(text || 'section'));
        if (node.depth === 1) facts.h1.push({ ...at(), text });
        return;
      }
      case 'link':
        facts.references.push({ ...at(), value: node.url, kind: 'link' });
        return;
      case 'linkReference': {
        const url = definitions.get(node.identifier.toLowerCase());
        if (url !== undefined) facts.references.push({ ...at(), value: url, kind: 'link' });
        return;
      }
      case 'image':
        facts.references.push({ ...at(), value: node.url, kind: 'media' });
        facts.images.push({ ...at(), src: node.url, alt: node.alt ?? undefined, inFrame: inFrame() });
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const el = node as Jsx;
        const attrs = el.attributes.filter((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute');
        const str = (name: string) => {
          const v = attrs.find((a) => a.name === name)?.value;
          return typeof v === 'string' ? v : undefined;
        };
        for (const a of attrs) {
          if (typeof a.value !== 'string') continue;
          if (a.name === 'id') facts.ids.add(a.value);
          const kind = LINK_ATTRS.has(a.name) ? 'link' : MEDIA_ATTRS.has(a.name) ? 'media' : undefined;
          if (kind) facts.references.push({ ...at(a.position ? a : el), value: a.value, kind });
        }
        if (el.name === 'Update') {
          const label = str('label')?.trim();
          const id = label ? updateId(label) : '';
          if (id) facts.ids.add(id);
        }
        if (el.name === 'Accordion') accordions.push(el);
        if (el.name === 'ParamField' || el.name === 'ResponseField') {
          const { id } = fieldOf(el.name, str);
          if (id) facts.ids.add(id);
        }
        if (el.name === 'h1') facts.h1.push({ ...at(), text: toString(el).trim() });
        if (el.name && IMAGE_TAGS.has(el.name)) {
          const src = str('src');
          const altAttr = attrs.find((a) => a.name === 'alt');
          // An expression (`alt={name}`) counts as alt text: it is known only when rendered.
          const alt = altAttr ? (typeof altAttr.value === 'string' ? altAttr.value : '{…}') : undefined;
          if (src !== undefined) facts.images.push({ ...at(), src, alt, inFrame: inFrame() });
        }
        return;
      }
    }
  });
  // Accordions' ids come after the headings', as the compile gives them (remark-heading-ids.ts).
  for (const el of accordions) {
    const made = accordionId(el, slugger);
    if (made) facts.ids.add(made.id);
  }
  return facts;
}
