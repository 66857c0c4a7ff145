import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

interface FieldProps {
  name?: string;
  /** Labels shown before and after the name (`pre={["beta"]}`, `post="optional"`). */
  pre?: string | string[];
  post?: string | string[];
  type?: string;
  required?: boolean;
  default?: unknown;
  deprecated?: boolean;
  children?: ReactNode;
}

const labels = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).map(String);

function Field({ id, name, location, type, required, deprecated, def, pre, post, children, bodyHtml }: { id?: string; name: string; location?: string; type?: string; required?: boolean; deprecated?: boolean; def?: unknown; pre?: string | string[]; post?: string | string[]; children?: ReactNode; bodyHtml?: string }) {
  return (
    <div className="field" id={id}>
      <div className="field-head">
        {labels(pre).map((l, i) => <span key={`pre${i}`} className="field-label">{l}</span>)}
        <code className="field-name">{name}</code>
        {labels(post).map((l, i) => <span key={`post${i}`} className="field-label">{l}</span>)}
        {type && <span className="field-type">{type}</span>}
        {location && <span className="field-location">{location}</span>}
        {required && <span className="field-required">required</span>}
        {deprecated && <span className="field-deprecated">deprecated</span>}
        {def !== undefined && <span className="field-default">default: <code>{typeof def === 'string' ? def : JSON.stringify(def)}</code></span>}
      </div>
      {bodyHtml ? <div className="field-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : children && <div className="field-body">{children}</div>}
    </div>
  );
}

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';
const LOCATIONS: readonly ParamLocation[] = ['path', 'body', 'query', 'header', 'cookie'];

/**
 * A field's id and what it shows: a `<ParamField>`'s location (the first of its `path`, `body`,
 * `query`, `header`, `cookie` attributes) and name, `query-limit`; a `<ResponseField>`'s name.
 * `kiln check` reads pages' fields through this too.
 */
export function fieldOf(component: 'ParamField' | 'ResponseField', attr: (name: string) => unknown): { id?: string; name: string; location?: ParamLocation } {
  const location = component === 'ParamField' ? LOCATIONS.find((k) => typeof attr(k) === 'string') : undefined;
  const raw = location ? attr(location) : attr('name');
  const name = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
  return { id: name ? `${location ? location + '-' : ''}${name}` : undefined, name, location };
}

/** A `<ParamField>` of an `api:` page, as the endpoint layout and the playground read it. */
export interface CapturedParam {
  in: ParamLocation;
  name: string;
  type?: string;
  required: boolean;
  deprecated: boolean;
  default?: unknown;
  placeholder?: string;
  /** The field as rendered (`div.field`). */
  html: string;
  /** ParamFields written inside this one (the properties of a body object). */
  children: CapturedParam[];
}

/**
 * Where ParamFields are collected while an `api:` page renders (see withParamFields). Rendering is
 * synchronous, so one module-level slot is safe, as for the API examples in ./code.tsx.
 */
let capture: { list: CapturedParam[]; top: boolean } | undefined;

/** What a top-level ParamField leaves in the page's flow: render/api/mdx.ts puts the grouped parameters there. */
export const PARAM_MARKER = '<template data-kiln-param=""></template>';

/**
 * Renders a page with its ParamFields collected: the top-level ones are taken out of the flow
 * (a marker stays) and come back with their HTML, nested ones stay inside their parent and are
 * listed as its children.
 */
export function withParamFields<T>(enabled: boolean, render: () => T): { value: T; params: CapturedParam[] } {
  if (!enabled) return { value: render(), params: [] };
  const previous = capture;
  const params: CapturedParam[] = [];
  capture = { list: params, top: true };
  try {
    return { value: render(), params };
  } finally {
    capture = previous;
  }
}

export function ParamField(props: FieldProps & { path?: string; body?: string; query?: string; header?: string; cookie?: string; placeholder?: string }) {
  const { id, name, location } = fieldOf('ParamField', (k) => props[k as keyof typeof props]);
  const head = { id, name, location, type: props.type, required: props.required, deprecated: props.deprecated, def: props.default, pre: props.pre, post: props.post };
  if (!capture || !location) return <Field {...head}>{props.children}</Field>;
  const entry: CapturedParam = {
    in: location, name, type: props.type, required: props.required === true, deprecated: props.deprecated === true,
    default: props.default, placeholder: typeof props.placeholder === 'string' ? props.placeholder : undefined, html: '', children: [],
  };
  const outer = capture;
  outer.list.push(entry);
  // The children are rendered here, so ParamFields inside them are recorded as this one's children.
  capture = { list: entry.children, top: false };
  let bodyHtml: string;
  try {
    bodyHtml = props.children === undefined || props.children === null ? '' : renderToStaticMarkup(<>{props.children}</>);
  } finally {
    capture = outer;
  }
  const field = <Field {...head} bodyHtml={bodyHtml} />;
  entry.html = renderToStaticMarkup(field);
  return outer.top ? <template data-kiln-param="" /> : field;
}

export function ResponseField(props: FieldProps) {
  const { id, name } = fieldOf('ResponseField', (k) => props[k as keyof typeof props]);
  return <Field id={id} name={name} type={props.type} required={props.required} deprecated={props.deprecated} def={props.default} pre={props.pre} post={props.post}>{props.children}</Field>;
}
