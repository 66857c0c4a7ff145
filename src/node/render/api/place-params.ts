import { PARAM_MARKER } from '../components/fields.js';

/**
 * Where the parameters of an `api:` page go. Its top-level ParamFields were taken out of the
 * flow (render/components/fields.tsx) and leave markers; the grouped parameters are shown where
 * the first one was. A heading left with nothing under it (`## Body` over ParamFields only) goes
 * too, as the grouped sections bring their own headings.
 */
const REF = '\u0000kiln-ref\u0000';
const GONE = '\u0000kiln-gone\u0000';
const HEADING = /<h([1-6])\b[^>]*>[\s\S]*?<\/h\1>/g;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** True when `html` closes every element it opens (the point after it is at the top level). */
function balanced(html: string): boolean {
  let depth = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w:-]*)\b[^>]*?(\/?)>/g)) {
    if (VOID.has(m[2]!.toLowerCase()) || m[3]) continue;
    depth += m[1] ? -1 : 1;
  }
  return depth === 0;
}

/** Drops headings followed only by removed ParamFields up to the next heading of the same or a higher level (or the end). */
function dropEmptyHeadings(html: string): string {
  const headings = [...html.matchAll(HEADING)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, level: Number(m[1]) }));
  let out = '';
  let at = 0;
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i]!;
    if (h.start < at) continue;
    const next = headings.slice(i + 1).find((n) => n.level <= h.level);
    const sectionEnd = next ? next.start : html.length;
    // Sub-headings inside the section would be emptied too; only a flat run of markers counts.
    const rest = html.slice(h.end, sectionEnd);
    const onlyMarkers = rest.trim() !== '' && rest.replaceAll(REF, '').replaceAll(GONE, '').trim() === '';
    if (!onlyMarkers) continue;
    out += html.slice(at, h.start) + (rest.includes(REF) ? REF : '');
    at = sectionEnd;
  }
  return out + html.slice(at);
}

/** A heading of the response part of a page (`## Response`, `### Returns`, `## Errors`…). */
const RESPONSE_HEADING = /^\s*(?:\d+\.\s*)?(?:responses?|returns?|response (?:body|fields|example)|errors?|status codes?)\b/i;

/** Before the first top-level heading of the response part, when there is one. */
function splitBeforeResponse(html: string): { before: string; after: string } {
  for (const m of html.matchAll(HEADING)) {
    const text = m[0].replace(/<[^>]*>/g, '').replace(/#$/, '');
    const before = html.slice(0, m.index);
    if (RESPONSE_HEADING.test(text) && balanced(before)) return { before, after: html.slice(m.index) };
  }
  return { before: html, after: '' };
}

/**
 * The body before and after the parameters. `api:` pages (`mdx`) without ParamFields get them
 * (the authorization, at least) before their response part rather than after it.
 */
export function splitAtParams(bodyHtml: string, mdx = false): { before: string; after: string } {
  if (!bodyHtml.includes(PARAM_MARKER)) return mdx ? splitBeforeResponse(bodyHtml) : { before: bodyHtml, after: '' };
  const first = bodyHtml.indexOf(PARAM_MARKER);
  let html = bodyHtml.slice(0, first) + REF + bodyHtml.slice(first + PARAM_MARKER.length).replaceAll(PARAM_MARKER, GONE);
  html = dropEmptyHeadings(html).replaceAll(GONE, '');
  const at = html.indexOf(REF);
  const before = html.slice(0, at);
  const after = html.slice(at + REF.length);
  // Inside a component (a ParamField in a <Tabs>): the parameters follow the whole body instead.
  if (!balanced(before)) return { before: before + after, after: '' };
  return { before, after };
}
