import type { BlockContent, DefinitionContent, PhrasingContent, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
export type Block = BlockContent | DefinitionContent;

/** What a component handler gets besides its element. */
export interface HandlerContext {
  /** The element's children, already turned into plain Markdown. */
  children(node: JsxElement): Promise<RootContent[]>;
  /** A text attribute (`title="…"`, or a string/number expression like `cols={2}`). */
  attr(node: JsxElement, name: string): string | undefined;
  /** A boolean attribute: present without a value, `="true"` or `{true}`. */
  flag(node: JsxElement, name: string): boolean;
  /** Depth for a heading made from a component (tabs, updates): one below the last heading seen. */
  headingDepth(): 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * A label for a section made from a component: a heading at the top level of the page, a bold
   * line inside a list, quote or another component (where headings read badly).
   */
  label(text: string): RootContent;
}

/**
 * Turns one component into Markdown nodes. `inline` is true for an element inside a paragraph;
 * it must then return phrasing content.
 */
export type Handler = (node: JsxElement, ctx: HandlerContext, inline: boolean) => Promise<RootContent[]> | RootContent[];

export type { PhrasingContent, RootContent };
