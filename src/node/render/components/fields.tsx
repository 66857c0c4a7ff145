import type { ReactNode } from 'react';

interface FieldProps {
  name?: string;
  type?: string;
  required?: boolean;
  default?: unknown;
  deprecated?: boolean;
  children?: ReactNode;
}

function Field({ name, location, type, required, deprecated, def, children }: { name: string; location?: string; type?: string; required?: boolean; deprecated?: boolean; def?: unknown; children?: ReactNode }) {
  return (
    <div className="field" id={name ? `${location ? location + '-' : ''}${name}` : undefined}>
      <div className="field-head">
        <code className="field-name">{name}</code>
        {type && <span className="field-type">{type}</span>}
        {location && <span className="field-location">{location}</span>}
        {required && <span className="field-required">required</span>}
        {deprecated && <span className="field-deprecated">deprecated</span>}
        {def !== undefined && <span className="field-default">default: <code>{typeof def === 'string' ? def : JSON.stringify(def)}</code></span>}
      </div>
      {children && <div className="field-body">{children}</div>}
    </div>
  );
}

export function ParamField(props: FieldProps & { path?: string; body?: string; query?: string; header?: string; cookie?: string; placeholder?: string }) {
  const location = (['path', 'body', 'query', 'header', 'cookie'] as const).find((k) => typeof props[k] === 'string');
  const name = location ? (props[location] as string) : (props.name ?? '');
  return <Field name={name} location={location} type={props.type} required={props.required} deprecated={props.deprecated} def={props.default}>{props.children}</Field>;
}

export function ResponseField(props: FieldProps) {
  return <Field name={props.name ?? ''} type={props.type} required={props.required} deprecated={props.deprecated} def={props.default}>{props.children}</Field>;
}
