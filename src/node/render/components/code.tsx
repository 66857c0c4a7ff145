import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HighlightRequest, Highlighter } from '../../highlight/highlighter.js';
import { ContentIcon } from '../../icons/Icon.js';
import { parseRanges } from '../../mdx/code-meta.js';
import { CopyIcon } from '../layout/icons.js';
import { panelsShown, useHiddenPart } from './audience.js';

export interface CodeBlockProps {
  language?: string;
  lang?: string;
  title?: string;
  /** Mintlify's name for the title of a `<CodeBlock>` written by hand. */
  filename?: string;
  icon?: ReactNode;
  iconType?: string;
  numbers?: string;
  lines?: boolean | string;
  wrap?: boolean | string;
  expandable?: boolean | string;
  nocopy?: boolean | string;
  /** Lines to highlight and focus: `"[1,3]"`, `"1-3,5"` or an array. */
  highlight?: string | number[];
  focus?: string | number[];
  /** The highlighted `<pre>` as HTML (from the highlighter), instead of `children`. */
  html?: string;
  /** The code, when not given as `children`. */
  code?: string;
  children?: ReactNode;
}

/** Code block headers as HTML, by copy button, icon and title (see `CodeBlock`). */
const headerHtml = new Map<string, string>();
const on = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false';

/**
 * A fenced block (the highlighter's `html`, from rehype-code-blocks), or `<CodeBlock>` as
 * Mintlify's React components use it: `language`, `filename`, `icon`, `lines`, `wrap`,
 * `expandable`, `highlight`, `focus`, the code as children. Such code is highlighted while the
 * page renders (`withRuntimeCode`).
 */
export function CodeBlock(props: CodeBlockProps) {
  const { icon, iconType, children } = props;
  const language = props.language ?? props.lang;
  const title = props.title ?? props.filename;
  const numbers = on(props.numbers) || on(props.lines);
  const nocopy = on(props.nocopy);
  let html = props.html;
  if (html === undefined) {
    const only = Children.toArray(children);
    // A fence written inside `<CodeBlock>` whose attributes are not literals: the fence, with the element's options.
    if (only.length === 1 && isValidElement(only[0]) && only[0].type === CodeBlock) {
      const inner = only[0].props as CodeBlockProps;
      return <CodeBlock {...inner} {...definedOnly({ title, icon, iconType, language, numbers: numbers ? 'true' : undefined, wrap: props.wrap, expandable: props.expandable, nocopy: props.nocopy })} />;
    }
    const code = props.code ?? textOf(children);
    if (code !== undefined) html = runtimeHighlight({ code: code.replace(/^\n/, ''), lang: language ?? '', highlight: lineList(props.highlight), focus: lineList(props.focus) });
  }
  const classes = ['code-block'];
  if (title) classes.push('has-title');
  if (numbers) classes.push('line-numbers');
  if (on(props.wrap)) classes.push('wrap');
  if (on(props.expandable)) classes.push('expandable');
  const iconNode = icon ? <ContentIcon icon={icon} iconType={iconType} size={14} className="code-block-icon" /> : null;
  const header = (title || !nocopy) && (
    <div className="code-block-header">
      <span className="code-block-title">{iconNode}{title ?? ''}</span>
      {!nocopy && (
        <button type="button" className="copy-button" aria-label="Copy code" title="Copy">
          <CopyIcon />
        </button>
      )}
    </div>
  );
  if (html !== undefined) {
    // Already HTML from the highlighter (escaped there): set as is, header included. The header is
    // the same for most blocks of a site, so its markup is rendered once per title and icon.
    const key = typeof icon === 'string' || !icon ? `${nocopy ? 1 : 0}\0${title ?? ''}\0${icon ?? ''}\0${iconType ?? ''}` : undefined;
    let head = header ? (key === undefined ? undefined : headerHtml.get(key)) : '';
    if (head === undefined) {
      head = renderToStaticMarkup(header as ReactElement);
      if (key !== undefined) headerHtml.set(key, head);
    }
    return <div className={classes.join(' ')} data-language={language} dangerouslySetInnerHTML={{ __html: head + html }} />;
  }
  return (
    <div className={classes.join(' ')} data-language={language}>
      {header}
      {children}
    </div>
  );
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Children that are all text (`{code}`, a template literal), as one string. */
function textOf(children: ReactNode): string | undefined {
  const parts = Children.toArray(children);
  if (!parts.length || !parts.every((p) => typeof p === 'string' || typeof p === 'number')) return undefined;
  return parts.join('');
}

function lineList(v: string | number[] | undefined): number[] | undefined {
  if (v === undefined || v === null) return undefined;
  return Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : parseRanges(String(v).replace(/^\[|\]$/g, ''));
}

/**
 * Code highlighted while a page renders (`<CodeBlock>` in a component, its code known only then).
 * Rendering is synchronous and highlighting is not: a render records the blocks it could not
 * colour yet and shows them plain; `withRuntimeCode` highlights them and renders again.
 */
let runtime: { done: Map<string, string>; wanted: Map<string, HighlightRequest> } | undefined;
const keyOf = (r: HighlightRequest) => `${r.lang}\0${r.highlight?.join(',') ?? ''}\0${r.focus?.join(',') ?? ''}\0${r.code}`;

function runtimeHighlight(req: HighlightRequest): string | undefined {
  if (!runtime) return undefined;
  const key = keyOf(req);
  const done = runtime.done.get(key);
  if (done === undefined) runtime.wanted.set(key, req);
  return done;
}

/** Renders with `<CodeBlock>`s whose code is known only at render time highlighted (at most twice more). */
export async function withRuntimeCode<T>(highlighter: Highlighter | undefined, render: () => T): Promise<T> {
  if (!highlighter) return render();
  const previous = runtime;
  const state = (runtime = { done: new Map<string, string>(), wanted: new Map<string, HighlightRequest>() });
  try {
    for (let pass = 0; ; pass++) {
      runtime = state;
      const value = render();
      runtime = previous;
      if (!state.wanted.size || pass === 2) return value;
      const wanted = [...state.wanted];
      state.wanted.clear();
      for (const [key, req] of wanted) state.done.set(key, (await highlighter.highlight(req)).html);
    }
  } finally {
    runtime = previous;
  }
}

/** The label of a code block inside a group: its title, else its language. */
function labelOf(el: ReactElement, i: number): string {
  const p = el.props as CodeBlockProps & { title?: string };
  return p.title || p.filename || p.language || p.lang || `Tab ${i + 1}`;
}

export function CodeGroup({ children, dropdown }: { children?: ReactNode; dropdown?: boolean }) {
  const blocks = Children.toArray(children).filter(isValidElement) as ReactElement[];
  const labels = blocks.map(labelOf);
  if (dropdown) return <CodeDropdown blocks={blocks} labels={labels} />;
  return (
    <div className="code-group" data-tabs="" data-dropdown={dropdown ? '' : undefined}>
      <div className="code-group-header">
        <div role="tablist" className="code-group-tabs" aria-label="Code examples">
          {labels.map((label, i) => (
            <button key={i} type="button" role="tab" className="tab" aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1} data-tab-label={label}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {blocks.map((b, i) => (
        <div key={i} role="tabpanel" className="tab-panel" hidden={i !== 0} data-tab-label={labels[i]}>
          {b}
        </div>
      ))}
    </div>
  );
}

/**
 * `<CodeGroup dropdown>`: a `<select>` chooses the block instead of tabs (src/client/code-dropdown.ts).
 * The label of the chosen block stays visible next to it.
 */
function CodeDropdown({ blocks, labels }: { blocks: ReactElement[]; labels: string[] }) {
  return (
    <div className="code-group code-dropdown" data-code-dropdown="">
      <div className="code-group-header">
        <span className="code-dropdown-label">{labels[0]}</span>
        <select className="code-dropdown-select" aria-label="Code example" defaultValue="0">
          {labels.map((label, i) => <option key={i} value={String(i)}>{label}</option>)}
        </select>
      </div>
      {blocks.map((b, i) => (
        <div key={i} className="tab-panel" hidden={i !== 0} data-tab-label={labels[i]}>
          {b}
        </div>
      ))}
    </div>
  );
}

/** Request and response examples of the page being rendered, when they go in the side column. */
let apiExamples: ReactElement[] | undefined;

/**
 * Renders a page with its `RequestExample`/`ResponseExample` taken out of the flow: they come back
 * as `aside` HTML, which the layout shows in a sticky column beside the content on wide screens and
 * above it on narrow ones. Rendering is synchronous, so one module-level list is safe.
 */
export function withApiExamples(enabled: boolean, render: () => string): { html: string; aside?: string } {
  if (!enabled) return { html: render() };
  const previous = apiExamples;
  const found: ReactElement[] = (apiExamples = []);
  try {
    const html = render();
    apiExamples = undefined;
    return { html, aside: found.length ? renderToStaticMarkup(<>{found}</>) : undefined };
  } finally {
    apiExamples = previous;
  }
}

/** `el` in the side column when the page has one, else where it was written. */
function inSideColumn(el: ReactElement): ReactElement | null {
  if (!apiExamples) return el;
  apiExamples.push(el);
  return null;
}

function ApiExample({ kind, children }: { kind: 'request' | 'response'; children?: ReactNode }) {
  return inSideColumn(<div key={apiExamples?.length} className={`api-example ${kind}-example`}><CodeGroup>{children}</CodeGroup></div>);
}

/**
 * `<Panel>`: what it holds goes in the column beside the content, in place of "On this page", as
 * the request and response examples do (which a page with a panel writes inside it). Several are
 * shown one under the other, in the order written. One in a tab or a view shows while that tab or
 * view does, as the table of contents follows them: an empty marker stays where it was written
 * and src/client/components.ts shows the panel while the marker is in a part on show. The modes
 * without a table of contents (`wide`, `center`, `custom`) leave panels out, as Mintlify does.
 */
export function Panel({ children }: { children?: ReactNode }) {
  const hidden = useHiddenPart();
  if (!panelsShown()) return null;
  if (!apiExamples) return <div className="side-panel panel">{children}</div>;
  const id = String(apiExamples.length);
  if (hidden === undefined) return inSideColumn(<div key={id} className="side-panel panel">{children}</div>);
  inSideColumn(<div key={id} className="side-panel panel" data-side-panel={id} hidden={hidden || undefined}>{children}</div>);
  return <span className="side-panel-marker" data-side-panel-at={id} hidden />;
}

export function RequestExample({ children }: { children?: ReactNode }) {
  return <ApiExample kind="request">{children}</ApiExample>;
}

export function ResponseExample({ children }: { children?: ReactNode }) {
  return <ApiExample kind="response">{children}</ApiExample>;
}
