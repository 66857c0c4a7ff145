import { playgroundAsset } from '../../client-assets.js';
import { formFields, specServers, type AuthScheme, type EndpointModel, type FormField, type Parameter } from '../../openapi/endpoint.js';
import type { SchemaNode } from '../../openapi/schema.js';
import type { Json } from '../../openapi/types.js';
import type { ApiSettings } from '../../settings/types.js';

/**
 * The API playground of an endpoint page (`api.playground.mode: "show"`): a form rendered here,
 * made live by a separate client chunk (src/client/playground/index.ts) that main.ts loads only
 * when the page has a playground. The markup carries the `hidden` attribute: without JavaScript
 * (or if the chunk fails) the page reads as a plain reference; the chunk unhides it.
 */

const LOCATIONS = [['path', 'Path'], ['query', 'Query'], ['header', 'Headers'], ['cookie', 'Cookies']] as const;

const shown = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /^<[^>]*>$/.test(s) ? '' : s;
};

/**
 * What a parameter's or field's input starts with: its default; its example too (for an optional
 * one only an example the file gives, never a generated `<placeholder>`) when
 * `api.examples.prefill` asks for it, else the example is the input's placeholder, and nothing the
 * reader did not type or choose is sent (Mintlify's default).
 */
function initial({ schema, required, example }: { schema: SchemaNode; required: boolean; example: unknown }, fill: boolean): { value: string; placeholder?: string } {
  const value = shown(schema.default);
  if (value) return { value };
  const ex = shown(required ? example : schema.example);
  return fill ? { value: ex } : { value: '', placeholder: ex || undefined };
}

/** The choices of a parameter or field: its enum, or true/false. */
function choices(schema: SchemaNode): string[] | undefined {
  const type = schema.type.replace(/\s*\|\s*null$/, '');
  return schema.enum?.length ? schema.enum.map((v) => String(v)) : type === 'boolean' ? ['true', 'false'] : undefined;
}

interface ServerOption {
  url: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
}

/**
 * The OpenAPI servers as templates with their variables (as resolved URLs for a fetched document);
 * the settings' base URLs when the document names none (./endpoint.ts, specServers).
 */
function serverOptions(e: EndpointModel): ServerOption[] {
  const plain = (urls: string[]) => urls.map((url) => ({ url, variables: [] }));
  const servers = specServers(e.operation);
  if (!servers.length || e.operation.doc.url) return plain(e.baseUrls.length ? e.baseUrls : [e.baseUrl]);
  const out: ServerOption[] = [];
  for (const s of servers) {
    if (!s || typeof s.url !== 'string') continue;
    const vars = s.variables && typeof s.variables === 'object' ? s.variables : {};
    const variables = Object.entries<Json>(vars).filter(([name]) => s.url.includes(`{${name}}`)).map(([name, v]) => ({
      name, default: v?.default === undefined ? '' : String(v.default),
      enum: Array.isArray(v?.enum) ? v.enum.map(String) : undefined,
      description: typeof v?.description === 'string' ? v.description : undefined,
    }));
    out.push({ url: s.url.replace(/\/+$/, ''), variables });
  }
  return out.length ? out : plain([e.baseUrl]);
}

function Select({ id, values, value, optional, attrs }: { id: string; values: string[]; value: string; optional?: boolean; attrs: Record<string, string> }) {
  return (
    <select id={id} defaultValue={value} {...attrs}>
      {optional && <option value="">—</option>}
      {values.map((v) => <option key={v} value={v}>{v}</option>)}
    </select>
  );
}

function ParamInput({ p, fill }: { p: Parameter; fill: boolean }) {
  const id = `pg-${p.in}-${p.name}`;
  const attrs = { 'data-param-in': p.in, 'data-param-name': p.name };
  const { value, placeholder } = initial(p, fill);
  const values = choices(p.schema);
  return (
    <div className="pg-field">
      <label htmlFor={id}>
        <span className="pg-name">{p.name}</span>
        <span className="pg-type">{p.schema.type}</span>
        {p.required && <span className="pg-required">required</span>}
      </label>
      {values
        ? <Select id={id} values={values} value={value} optional={!p.required} attrs={attrs} />
        : <input id={id} type="text" defaultValue={value} placeholder={placeholder} required={p.required} spellCheck={false} autoComplete="off" {...attrs} />}
    </div>
  );
}

/**
 * One field of a form body: a file input for a file part (several files for an array of them),
 * else a text input or a choice; objects and arrays are typed as JSON text.
 */
function BodyFieldInput({ f, fill }: { f: FormField; fill: boolean }) {
  const id = `pg-body-${f.name}`;
  const { value, placeholder } = initial(f, fill);
  const values = f.file ? undefined : choices(f.schema);
  const attrs = { 'data-body-field': f.name };
  return (
    <div className="pg-field">
      <label htmlFor={id}>
        <span className="pg-name">{f.name}</span>
        <span className="pg-type">{f.file === 'many' ? 'files' : f.file ? 'file' : f.schema.type}</span>
        {f.required && <span className="pg-required">required</span>}
      </label>
      {f.file
        ? <input id={id} type="file" className="pg-file" multiple={f.file === 'many'} {...attrs} />
        : values
          ? <Select id={id} values={values} value={value} optional={!f.required} attrs={attrs} />
          : <input id={id} type="text" defaultValue={value} placeholder={placeholder} spellCheck={false} autoComplete="off" {...attrs} />}
    </div>
  );
}

function AuthInput({ id, label, scheme, kind, field, value, secret, extra = {} }: { id: string; label: string; scheme: string; kind: string; field: string; value: string; secret: boolean; extra?: Record<string, string> }) {
  return (
    <div className="pg-field">
      <label htmlFor={id}><span className="pg-name">{label}</span></label>
      <input id={id} type={secret ? 'password' : 'text'} defaultValue={value} spellCheck={false} autoComplete="off" data-auth-key={scheme} data-auth-kind={kind} data-auth-field={field} {...extra} />
    </div>
  );
}

/** The inputs of one way to authenticate (every scheme of one security requirement). */
function schemeInputs(schemes: AuthScheme[], api: ApiSettings, idBase: string) {
  return schemes.flatMap((s, i) => {
    const id = `${idBase}${i}`;
    const prefix = s.prefix ?? '';
    if (s.kind === 'bearer' || s.kind === 'oauth2') {
      return [<AuthInput key={id} id={id} label={s.kind === 'oauth2' ? 'Access token (Bearer)' : 'Bearer token'} scheme={s.key} kind="bearer" field="token" value={prefix} secret />];
    }
    if (s.kind === 'basic') {
      const [user, pass] = s.key === 'api.auth' && api.auth?.name?.includes(':') ? api.auth.name.split(':', 2) as [string, string] : ['Username', 'Password'];
      return [
        <AuthInput key={`${id}-u`} id={`${id}-u`} label={user || 'Username'} scheme={s.key} kind="basic" field="username" value={prefix} secret={false} />,
        <AuthInput key={`${id}-p`} id={`${id}-p`} label={pass || 'Password'} scheme={s.key} kind="basic" field="password" value="" secret />,
      ];
    }
    if (s.kind === 'apiKey' && s.name) {
      return [<AuthInput key={id} id={id} label={s.name} scheme={s.key} kind="apiKey" field="value" value={prefix} secret extra={{ 'data-auth-name': s.name, 'data-auth-in': s.in ?? 'header' }} />];
    }
    return [];
  });
}

/** How a way to authenticate is named in the chooser: `bearerAuth (Bearer token) + keyAuth (API key X-Key)`. */
export function authLabel(set: AuthScheme[]): string {
  const kind = (s: AuthScheme) => (s.kind === 'bearer' ? 'Bearer token' : s.kind === 'basic' ? 'HTTP Basic' : s.kind === 'apiKey' ? `API key ${s.name ?? ''}`.trim() : s.kind === 'oauth2' ? 'OAuth 2.0' : 'other');
  return set.map((s) => (s.key === 'api.auth' ? kind(s) : `${s.key} (${kind(s)})`)).join(' + ');
}

/**
 * The credentials inputs. An operation with several security requirements (alternatives) gets a
 * chooser, one group of inputs per alternative (only the chosen one is sent), and "None" when a
 * requirement is empty (auth optional). Set 0 keeps the ids `pg-auth-<n>`.
 */
function AuthInputs({ e, api }: { e: EndpointModel; api: ApiSettings }) {
  const sets = e.auth.map((set, i) => ({ set, inputs: schemeInputs(set, api, i === 0 ? 'pg-auth-' : `pg-auth-${i}-`) }));
  const choices = sets.map(({ set }, i) => ({ value: String(i), label: authLabel(set) }));
  if (e.authOptional && choices.length) choices.push({ value: 'none', label: 'None' });
  if (!sets.some((s) => s.inputs.length)) return null;
  return (
    <fieldset className="pg-group pg-auth">
      <legend>Authorization</legend>
      {choices.length > 1 && (
        <div className="pg-field">
          <label htmlFor="pg-auth-set"><span className="pg-name">Method</span></label>
          <select id="pg-auth-set" className="pg-auth-set" defaultValue="0">
            {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
        </div>
      )}
      {choices.length > 1
        ? sets.map(({ inputs }, i) => <div key={i} className="pg-auth-option" data-auth-set={String(i)} hidden={i !== 0}>{inputs}</div>)
        : sets[0]!.inputs}
      <label className="pg-remember">
        <input type="checkbox" className="pg-remember-input" />
        <span>Remember on this device (otherwise kept for this browser session only)</span>
      </label>
    </fieldset>
  );
}

function bodyText(e: EndpointModel): string {
  const v = e.body?.examples[0]?.value;
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v, null, 2) ?? '';
}

export function Playground({ endpoint: e, api }: { endpoint: EndpointModel; api: ApiSettings }) {
  const servers = serverOptions(e);
  const variables = new Map<string, ServerOption['variables'][number]>();
  for (const s of servers) for (const v of s.variables) if (!variables.has(v.name)) variables.set(v.name, v);
  const serverAttrs = { className: 'pg-server' };
  const fields = formFields(e.body);
  const fill = api.examples?.prefill === true;
  const example = bodyText(e);
  return (
    <details className="api-playground" hidden data-src={playgroundAsset().url} data-pagefind-ignore="all">
      <summary className="pg-summary tryit-button"><span className="pg-try">Try it</span><span className="pg-hint">Send a request to the API from your browser</span></summary>
      <form className="pg-form" id="api-playground-input" data-method={e.method} data-path={e.path} noValidate>
        <fieldset className="pg-group pg-target">
          <legend>Server</legend>
          <div className="pg-field">
            <label htmlFor="pg-server"><span className="pg-name">Base URL</span></label>
            {servers.length > 1
              ? <Select id="pg-server" values={servers.map((s) => s.url)} value={servers[0]!.url} attrs={serverAttrs} />
              : <input id="pg-server" className="pg-server" type="text" readOnly defaultValue={servers[0]!.url} />}
          </div>
          {[...variables.values()].map((v) => (
            <div className="pg-field pg-server-var" key={v.name} data-var={v.name}>
              <label htmlFor={`pg-var-${v.name}`}><span className="pg-name">{`{${v.name}}`}</span>{v.description && <span className="pg-type">{v.description}</span>}</label>
              {v.enum?.length
                ? <Select id={`pg-var-${v.name}`} values={v.enum} value={v.default} attrs={{ 'data-server-var': v.name }} />
                : <input id={`pg-var-${v.name}`} type="text" defaultValue={v.default} data-server-var={v.name} spellCheck={false} />}
            </div>
          ))}
        </fieldset>
        <AuthInputs e={e} api={api} />
        {LOCATIONS.map(([loc, title]) => {
          const list = e.parameters.filter((p) => p.in === loc);
          if (!list.length) return null;
          return (
            <fieldset className="pg-group" key={loc}>
              <legend>{title}</legend>
              {list.map((p) => <ParamInput key={p.name} p={p} fill={fill} />)}
            </fieldset>
          );
        })}
        {e.body && (
          <fieldset className="pg-group pg-body-group" data-content-type={e.body.contentType}>
            <legend>Body <span className="pg-type">{e.body.contentType}</span></legend>
            {fields
              ? fields.map((f) => <BodyFieldInput key={f.name} f={f} fill={fill} />)
              : <textarea id="pg-body" className="pg-body-input" aria-label="Request body" defaultValue={fill ? example : ''} placeholder={fill ? undefined : example || undefined} spellCheck={false} rows={Math.min(18, Math.max(4, example.split('\n').length + 1))} />}
            {!fields && /(form-urlencoded|multipart)/i.test(e.body.contentType) && <p className="pg-note">Form fields as a JSON object.</p>}
          </fieldset>
        )}
        <div className="pg-actions">
          <button type="submit" className="pg-send">Send</button>
          <p className="pg-error" role="alert" hidden />
        </div>
      </form>
      <div className="pg-response" hidden aria-live="polite">
        <div className="pg-response-meta">
          <span className="pg-status" />
          <span className="pg-time" />
        </div>
        <details className="pg-response-headers">
          <summary>Response headers</summary>
          <pre className="pg-headers-text" />
        </details>
        <pre className="pg-response-body"><code /></pre>
      </div>
    </details>
  );
}
