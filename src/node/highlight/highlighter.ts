import type { Element } from 'hast';

/**
 * The code highlighter seam: highlighting is a large share of build time, so the pipeline only
 * sees this interface and results are cached by content.
 */
export interface HighlightRequest {
  code: string;
  lang: string;
  /** 1-based lines to mark as highlighted. */
  highlight?: number[];
  focus?: number[];
}

export interface HighlightResult {
  /**
   * The `<pre>` as HTML, coloured for both the light and the dark theme. Pages take this string: a
   * block of code is hundreds of spans, and turning them into JSX and back costs more than
   * highlighting them.
   */
  html: string;
  /**
   * The same `<pre>` as a hast element (a fresh copy on each read), when the highlighter was made to
   * keep trees (tests compare them); pages use `html`.
   */
  readonly pre?: Element;
  /** False when the language is unknown and the code was left plain. */
  known: boolean;
}

export interface Highlighter {
  highlight(req: HighlightRequest): Promise<HighlightResult>;
}
