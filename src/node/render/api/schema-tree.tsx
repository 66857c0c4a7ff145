import type { ReactNode } from 'react';
import { renderMarkdown } from '../../openapi/markdown.js';
import type { SchemaNode } from '../../openapi/schema.js';

/** Sanitised Markdown (see openapi/markdown.ts): the only HTML from an OpenAPI file that is not escaped text. */
export function Markdown({ source, className = 'api-md' }: { source?: string; className?: string }) {
  const html = renderMarkdown(source);
  return html ? <div className={className} dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

export const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function typeLabel(n: SchemaNode): string {
  let t = n.type;
  if (n.format && !t.includes('[]')) t += `<${n.format}>`;
  if (n.nullable) t += ' | null';
  return t;
}

/** Head and details of one field: name, type, badges, description, enum, default, constraints. */
export function FieldHead({ name, node, required, location, deprecated }: { name: string; node: SchemaNode; required?: boolean; location?: string; deprecated?: boolean }) {
  return (
    <div className="field-head">
      <code className="field-name">{name}</code>
      <span className="field-type">{typeLabel(node)}</span>
      {location && <span className="field-location">{location}</span>}
      {required && <span className="field-required">required</span>}
      {(deprecated || node.deprecated) && <span className="field-deprecated">deprecated</span>}
      {node.readOnly && <span className="field-location">read-only</span>}
      {node.writeOnly && <span className="field-location">write-only</span>}
      {node.default !== undefined && <span className="field-default">default: <code>{show(node.default)}</code></span>}
    </div>
  );
}

export function FieldDetails({ node, description }: { node: SchemaNode; description?: string }) {
  const values = node.enum ?? (node.const !== undefined ? [node.const] : undefined);
  return (
    <>
      <Markdown source={description ?? node.description} />
      {values && values.length > 0 && (
        <p className="api-enum">
          {node.const !== undefined && !node.enum ? 'Allowed value: ' : 'Available options: '}
          {values.map((v, i) => <span key={i}>{i > 0 && ', '}<code>{show(v)}</code></span>)}
        </p>
      )}
      {node.constraints.length > 0 && (
        <p className="api-constraints">{node.constraints.map((c, i) => <code key={i}>{c}</code>)}</p>
      )}
      {node.example !== undefined && typeof node.example !== 'object' && (
        <p className="api-example-value">Example: <code>{show(node.example)}</code></p>
      )}
      {node.stopped === 'circular' && <p className="api-stopped">{node.title ?? 'This schema'} refers back to itself; its fields are shown above.</p>}
      {node.stopped === 'depth' && <p className="api-stopped">Nested too deep to show here.</p>}
    </>
  );
}

/** One property of a schema, with its children behind a disclosure. */
export function SchemaField({ node, name }: { node: SchemaNode; name?: string }) {
  const nested = node.children.length > 0 || !!node.variants;
  return (
    <div className="field api-field">
      <FieldHead name={name ?? node.name ?? ''} node={node} required={node.required} />
      <div className="field-body">
        <FieldDetails node={node} />
        {nested && (
          <details className="expandable api-children">
            <summary>{node.type.endsWith('[]') ? 'Show item attributes' : 'Show child attributes'}</summary>
            <SchemaBody node={node} />
          </details>
        )}
      </div>
    </div>
  );
}

/** The fields of an object (or of the items of an array) and its `oneOf`/`anyOf` options. */
export function SchemaBody({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.children.length > 0 && <div className="api-fields">{node.children.map((c, i) => <SchemaField key={i} node={c} />)}</div>}
      {node.variants && <Variants node={node} />}
    </>
  );
}

/** `oneOf`/`anyOf` as switchable options (tabs from src/client/tabs.ts; the first shows without script). */
function Variants({ node }: { node: SchemaNode }) {
  const { kind, options } = node.variants!;
  const labels = options.map((o, i) => o.title ?? (o.type === 'any' ? `Option ${i + 1}` : o.type));
  const unique = labels.map((l, i) => (labels.indexOf(l) !== i || labels.lastIndexOf(l) !== i ? `${l} (${i + 1})` : l));
  return (
    <div className="api-variants" data-tabs="">
      <p className="api-variants-title">{kind === 'oneOf' ? 'One of' : 'Any of'}</p>
      <div role="tablist" className="api-variant-tabs" aria-label={kind === 'oneOf' ? 'One of these schemas' : 'Any of these schemas'}>
        {unique.map((l, i) => (
          <button key={i} type="button" role="tab" className="tab" aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1} data-tab-label={`schema:${l}`}>{l}</button>
        ))}
      </div>
      {options.map((o, i) => (
        <div key={i} role="tabpanel" className="tab-panel api-variant" hidden={i !== 0}>
          {o.children.length === 0 && !o.variants ? (
            <div className="field api-field">
              <div className="field-head"><span className="field-type">{typeLabel(o)}</span></div>
              <div className="field-body"><FieldDetails node={o} /></div>
            </div>
          ) : (
            <>
              <Markdown source={o.description} />
              <SchemaBody node={o} />
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/** A top-level schema (request body, response): its fields directly, or one line for a scalar. */
export function SchemaTree({ node, children }: { node: SchemaNode; children?: ReactNode }) {
  const structured = node.children.length > 0 || !!node.variants;
  return (
    <div className="api-schema">
      <div className="api-schema-head">
        <span className="field-type">{typeLabel(node)}</span>
        {children}
      </div>
      {structured ? (
        <>
          {(node.type.endsWith('[]') || node.title) && node.description && <Markdown source={node.description} />}
          <SchemaBody node={node} />
        </>
      ) : (
        <div className="field-body"><FieldDetails node={node} /></div>
      )}
    </div>
  );
}
