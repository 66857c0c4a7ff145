import * as React from 'react';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { SCOPE_NAMES } from '../mdx/plugins/recma-islands.js';

/**
 * Island props travel to the browser as JSON in `data-props`. Functions cannot; React elements
 * (MDX children) are kept when they are plain HTML elements, as `{ "$el": tag, "props": … }`,
 * which the browser bundle turns back into elements. Anything else is left out, and the server
 * renders with the same props the browser will have, so hydration matches.
 */
export function toIslandJson(value: unknown, depth = 0): unknown {
  if (depth > 50) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((v) => toIslandJson(v, depth + 1) ?? null);
  if (typeof value !== 'object') return undefined;
  if (React.isValidElement(value)) {
    const el = value as ReactElement<Record<string, unknown>>;
    if (typeof el.type !== 'string') return undefined;
    const props = toIslandJson(el.props, depth + 1) as Record<string, unknown>;
    return { $el: el.type, props };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'components') continue;
    const j = toIslandJson(v, depth + 1);
    if (j !== undefined) out[k] = j;
  }
  return out;
}

/** The inverse of `toIslandJson` for elements (the browser bundle has the same function). */
export function fromIslandJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromIslandJson);
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.$el === 'string') {
      const props = (fromIslandJson(v.props) ?? {}) as Record<string, unknown>;
      return React.createElement(v.$el, props);
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromIslandJson(x);
    return out;
  }
  return value;
}

/** How deep the server is in rendering islands: an island inside another is part of the outer one's code. */
let depth = 0;
/** Islands whose server render threw, since the last `takeIslandFailures()`. */
let failures: { name: string; reason: string }[] = [];

/** The islands that could not be rendered on the server during the last render (render/page.tsx reports them). */
export function takeIslandFailures(): { name: string; reason: string }[] {
  const out = failures;
  failures = [];
  return out;
}

/**
 * Wraps an island component for the server render: `<div data-kiln-island="Name">`, its props as
 * JSON, and inside the component rendered with `renderToString` (the markup `hydrateRoot` expects,
 * text separators included; the page itself is rendered with `renderToStaticMarkup`). Rendered
 * inside another island, it is the plain component: the outer island's browser code renders it.
 *
 * A `client` island (it tests `typeof window`) is rendered from scratch by the browser, its server
 * HTML being the fallback it shows until then. One whose server render throws (it reads `window`
 * while rendering: Mintlify renders custom components in the browser only) becomes one too, empty.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function island(name: string, Component: ComponentType<any>, source: string, client = false): ComponentType<Record<string, unknown>> {
  const Island = (props: Record<string, unknown>) => {
    if (depth > 0) return <Component {...props} />;
    const json = toIslandJson(props) as Record<string, unknown>;
    let inner = '';
    let renderedOnClient = client;
    depth++;
    try {
      inner = renderToString(<Component {...(fromIslandJson(json) as Record<string, unknown>)} />);
    } catch (error) {
      failures.push({ name, reason: (error instanceof Error ? error.message : String(error)).split('\n')[0]! });
      renderedOnClient = true;
    } finally {
      depth--;
    }
    return (
      <div
        data-kiln-island={name}
        data-kiln-source={source}
        data-kiln-client={renderedOnClient ? '' : undefined}
        data-props={Object.keys(json).length ? JSON.stringify(json) : undefined}
        dangerouslySetInnerHTML={{ __html: inner }}
      />
    );
  };
  Island.displayName = `Island(${name})`;
  return Island;
}

/** What a compiled page finds in `arguments[0]._kilnScope` (see recma-islands.ts). */
export const pageScope: Record<string, unknown> = {
  ...Object.fromEntries(SCOPE_NAMES.map((n) => [n, n === 'React' ? React : (React as unknown as Record<string, unknown>)[n]])),
  _kilnIsland: island,
};
