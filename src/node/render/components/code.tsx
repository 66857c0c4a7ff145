import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CopyIcon } from '../layout/icons.js';

export interface CodeBlockProps {
  language?: string;
  title?: string;
  numbers?: string;
  wrap?: string;
  expandable?: string;
  nocopy?: string;
  /** The highlighted `<pre>` as HTML (from the highlighter), instead of `children`. */
  html?: string;
  children?: ReactNode;
}

/** Code block headers as HTML, by copy button and title (see `CodeBlock`). */
const headerHtml = new Map<string, string>();

export function CodeBlock({ language, title, numbers, wrap, expandable, nocopy, html, children }: CodeBlockProps) {
  const classes = ['code-block'];
  if (title) classes.push('has-title');
  if (numbers) classes.push('line-numbers');
  if (wrap) classes.push('wrap');
  if (expandable) classes.push('expandable');
  const header = (title || !nocopy) && (
    <div className="code-block-header">
      <span className="code-block-title">{title ?? ''}</span>
      {!nocopy && (
        <button type="button" className="copy-button" aria-label="Copy code" title="Copy">
          <CopyIcon />
        </button>
      )}
    </div>
  );
  if (html !== undefined) {
    // Already HTML from the highlighter (escaped there): set as is, header included. The header is
    // the same for most blocks of a site, so its markup is rendered once per title.
    const key = `${nocopy ? 1 : 0}\0${title ?? ''}`;
    let head = header ? headerHtml.get(key) : '';
    if (head === undefined) headerHtml.set(key, (head = renderToStaticMarkup(header as ReactElement)));
    return <div className={classes.join(' ')} data-language={language} dangerouslySetInnerHTML={{ __html: head + html }} />;
  }
  return (
    <div className={classes.join(' ')} data-language={language}>
      {header}
      {children}
    </div>
  );
}

/** The label of a code block inside a group: its title, else its language. */
function labelOf(el: ReactElement, i: number): string {
  const p = el.props as CodeBlockProps & { title?: string };
  return p.title || p.language || `Tab ${i + 1}`;
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

function ApiExample({ kind, children }: { kind: 'request' | 'response'; children?: ReactNode }) {
  const el = <div key={apiExamples?.length} className={`api-example ${kind}-example`}><CodeGroup>{children}</CodeGroup></div>;
  if (!apiExamples) return el;
  apiExamples.push(el);
  return null;
}

export function RequestExample({ children }: { children?: ReactNode }) {
  return <ApiExample kind="request">{children}</ApiExample>;
}

export function ResponseExample({ children }: { children?: ReactNode }) {
  return <ApiExample kind="response">{children}</ApiExample>;
}
