import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AuthScheme, BodyContent, CallbackInfo, EndpointModel, Parameter, ResponseInfo } from '../../openapi/endpoint.js';
import { requestSnippets, type Snippet } from '../../openapi/snippets.js';
import type { Highlighter } from '../../highlight/highlighter.js';
import { CodeBlock, CodeGroup } from '../components/code.js';
import { FieldDetails, FieldHead, Markdown, SchemaTree } from './schema-tree.js';
import type { ApiSettings } from '../../settings/types.js';
import { authLabel, Playground } from './playground.js';
import { splitAtParams } from './place-params.js';
import { parseReference } from '../../openapi/operations.js';

const LOCATION_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' } as const;

export interface Code {
  label: string;
  lang: string;
  code: string;
}

export async function highlighted(codes: Code[], highlighter?: Highlighter): Promise<ReactNode[]> {
  return Promise.all(codes.map(async (c, i) => {
    if (highlighter) {
      try {
        // The highlighter's HTML as is, as content pages take it (HighlightResult.html).
        const { html } = await highlighter.highlight({ code: c.code, lang: c.lang });
        return <CodeBlock key={i} language={c.lang} title={c.label} html={html} />;
      } catch {
        /* unknown language: plain */
      }
    }
    return <CodeBlock key={i} language={c.lang} title={c.label}><pre><code>{c.code}</code></pre></CodeBlock>;
  }));
}

export function Method({ method }: { method: string }) {
  return <span className={`api-method api-method-${method.toLowerCase()} method-pill`}>{method}</span>;
}

/** `/jobs/{jobId}` with the parameters marked. */
/** A path with its `{parameters}` marked, and a line break allowed before each `/` (not inside a segment). */
export function PathText({ path }: { path: string }) {
  return (
    <>
      {path.split(/(\{[^}]+\})/).map((part, i) => (part.startsWith('{')
        ? <span key={i} className="api-path-param">{part}</span>
        : part.split(/(?=\/)/).map((piece, j) => <Fragment key={`${i}-${j}`}>{piece.startsWith('/') && <wbr />}{piece}</Fragment>)))}
    </>
  );
}

function authField(s: AuthScheme): { name: string; location: string; type: string; text: string } {
  if (s.kind === 'bearer' || s.kind === 'oauth2') return { name: 'Authorization', location: 'header', type: 'string', text: `Bearer authentication header of the form \`Bearer ${s.prefix ?? ''}<token>\`, where \`<token>\` is your ${s.kind === 'oauth2' ? 'OAuth 2.0 access token' : 'auth token'}.` };
  if (s.kind === 'basic') return { name: 'Authorization', location: 'header', type: 'string', text: 'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.' };
  if (s.kind === 'apiKey') return { name: s.name ?? 'api-key', location: s.in ?? 'header', type: 'string', text: '' };
  return { name: s.key, location: 'header', type: 'string', text: '' };
}

function AuthField({ s }: { s: AuthScheme }) {
  const f = authField(s);
  return (
    <div className="field api-field">
      <FieldHead name={f.name} node={{ type: f.type, constraints: [], children: [] }} location={f.location} required />
      <div className="field-body">
        {f.text && <Markdown source={f.text} />}
        <Markdown source={s.description} />
      </div>
    </div>
  );
}

/** The ways to authenticate; several alternatives are listed one by one, each named. */
function Auth({ auth, optional }: { auth: AuthScheme[][]; optional?: boolean }) {
  if (!auth.length) return null;
  const several = auth.length > 1 || optional;
  return (
    <section className="api-section">
      <h2 className="api-section-heading" id="authorization">{auth.length > 1 ? 'Authorization (one of)' : 'Authorization'}</h2>
      {several ? auth.map((set, i) => (
        <div className="api-auth-option" key={i}>
          <p className="api-auth-title">{authLabel(set)}</p>
          {set.map((s, j) => <AuthField key={j} s={s} />)}
        </div>
      )) : auth[0]!.map((s, j) => <AuthField key={j} s={s} />)}
      {optional && <p className="api-auth-none">Or no authentication: the endpoint also answers anonymous requests.</p>}
    </section>
  );
}

function Parameters({ params }: { params: Parameter[] }) {
  return (
    <>
      {(['path', 'query', 'header', 'cookie'] as const).map((loc) => {
        const list = params.filter((p) => p.in === loc);
        if (!list.length) return null;
        return (
          <section className="api-section" key={loc}>
            <h2 className="api-section-heading" id={`${loc}-parameters`}>{LOCATION_TITLES[loc]}</h2>
            {list.map((p) => (
              <div className="field api-field" id={`${loc}-${p.name}`} key={p.name}>
                <FieldHead name={p.name} node={p.schema} required={p.required} deprecated={p.deprecated} />
                <div className="field-body">
                  <FieldDetails node={p.schema} description={p.description ?? p.schema.description} />
                  {(p.schema.children.length > 0 || p.schema.variants) && (
                    <details className="expandable api-children"><summary>Show child attributes</summary><SchemaTree node={p.schema} /></details>
                  )}
                </div>
              </div>
            ))}
          </section>
        );
      })}
    </>
  );
}

function statusClass(status: string): string {
  const c = status[0];
  return c === '2' ? 'ok' : c === '3' ? 'redirect' : c === '4' || c === '5' ? 'error' : 'other';
}

/** The responses by status; a callback's are a level down, without the page's `#responses` id. */
function Responses({ responses, nested }: { responses: ResponseInfo[]; nested?: boolean }) {
  if (!responses.length) return null;
  const H = nested ? 'h3' : 'h2';
  return (
    <section className={nested ? 'api-subsection' : 'api-section'}>
      <H id={nested ? undefined : 'responses'}>Responses</H>
      <div className="api-responses" data-tabs="">
        <div role="tablist" className="api-status-tabs" aria-label="Response status">
          {responses.map((r, i) => (
            <button key={r.status} type="button" role="tab" className={`tab api-status api-status-${statusClass(r.status)}`} aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1} data-tab-label={r.status}>{r.status}</button>
          ))}
        </div>
        {responses.map((r, i) => (
          <div key={r.status} role="tabpanel" className="tab-panel api-response" hidden={i !== 0}>
            <Markdown source={r.description} />
            {r.headers.length > 0 && (
              <div className="api-response-headers">
                <h3>Headers</h3>
                {r.headers.map((h) => (
                  <div className="field api-field" key={h.name}>
                    <FieldHead name={h.name} node={h.schema} required={h.required} />
                    <div className="field-body"><FieldDetails node={h.schema} description={h.description} /></div>
                  </div>
                ))}
              </div>
            )}
            {r.schema && <SchemaTree node={r.schema}>{r.contentType && <span className="api-content-type">{r.contentType}</span>}</SchemaTree>}
          </div>
        ))}
      </div>
    </section>
  );
}

function Body({ body, title, nested }: { body: BodyContent; title: string; nested?: boolean }) {
  const H = nested ? 'h3' : 'h2';
  return (
    <section className={nested ? 'api-subsection' : 'api-section'}>
      <H id={nested ? undefined : 'body'}>{title}</H>
      <Markdown source={body.description} />
      {body.schema && (
        <SchemaTree node={body.schema}>
          <span className="api-content-type">{body.contentType}</span>
          {body.required && <span className="field-required">required</span>}
        </SchemaTree>
      )}
    </section>
  );
}

/**
 * An operation's callbacks, between its body and its responses as Mintlify shows them: each
 * folded under its method and URL expression, with the request the API sends and the answers it
 * expects, as the endpoint's own are shown.
 */
function Callbacks({ callbacks }: { callbacks: CallbackInfo[] }) {
  if (!callbacks.length) return null;
  return (
    <section className="api-section api-callbacks">
      <h2 className="api-section-heading" id="callbacks">{callbacks.length > 1 ? 'Callbacks' : 'Callback'}</h2>
      {callbacks.map((cb, i) => {
        const e = cb.endpoint;
        return (
          <details className="api-callback" key={i}>
            <summary>
              <Method method={e.method} />{' '}
              <code className="api-callback-url">{cb.expression}</code>{' '}
              <span className="api-callback-name">{e.summary ?? cb.name}</span>
            </summary>
            <div className="api-callback-body">
              <Markdown source={e.description} className="api-md api-description" />
              <CallbackParameters params={e.parameters} />
              {e.body && <Body body={e.body} title="Body" nested />}
              <Responses responses={e.responses} nested />
            </div>
          </details>
        );
      })}
    </section>
  );
}

function CallbackParameters({ params }: { params: Parameter[] }) {
  if (!params.length) return null;
  return (
    <section className="api-subsection">
      <h3>Parameters</h3>
      {params.map((p) => (
        <div className="field api-field" key={`${p.in}:${p.name}`}>
          <FieldHead name={p.name} node={p.schema} location={p.in} required={p.required} deprecated={p.deprecated} />
          <div className="field-body"><FieldDetails node={p.schema} description={p.description ?? p.schema.description} /></div>
        </div>
      ))}
    </section>
  );
}

export interface EndpointInput {
  endpoint: EndpointModel;
  /** HTML of the page's own MDX body. */
  bodyHtml: string;
  /** Show the operation's description (false when the front matter has its own). */
  showDescription: boolean;
  /**
   * The page's own `<RequestExample>`/`<ResponseExample>` (rendered into the side column by
   * components/code.tsx): each replaces the generated one of its kind.
   */
  pageAside?: string;
  highlighter?: Highlighter;
  /** The `api` settings: `playground.mode: "show"` adds the playground form (./playground.tsx). */
  api?: ApiSettings;
  /**
   * `api:` pages (./mdx.tsx): the page's own ParamFields grouped by location, shown instead of the
   * model's parameters and body, where the first of them was in the page.
   */
  paramsHtml?: string;
  /** `x-mint.content` of the operation: Markdown shown before the generated documentation (allow-listed, as descriptions are). */
  intro?: string;
}

export function exampleText(value: unknown): { lang: string; code: string } {
  if (typeof value === 'string') return { lang: /^\s*[{[]/.test(value) ? 'json' : 'text', code: value };
  return { lang: 'json', code: JSON.stringify(value, null, 2) ?? 'null' };
}

/** The HTML of an endpoint page's content area: endpoint bar, MDX body, parameters, body, responses, examples column. */
export async function renderEndpoint({ endpoint: e, bodyHtml, showDescription, pageAside = '', highlighter, api, paramsHtml, intro }: EndpointInput): Promise<{ html: string; aside?: string }> {
  const captured = { request: pageAside.includes('request-example'), response: pageAside.includes('response-example') };
  // A webhook is sent by the API, not called: its example is the payload it delivers.
  const webhook = e.operation.kind === 'webhook';
  const snippets: Snippet[] = captured.request || webhook ? [] : requestSnippets(e, api);
  const payloads: Code[] = !captured.request && webhook && e.body ? e.body.examples.map((ex, i, all) => ({ label: all.length > 1 ? `Payload ${ex.label ?? i + 1}` : 'Payload', ...exampleText(ex.value) })) : [];
  const responseCodes: Code[] = [];
  if (!captured.response) {
    for (const r of e.responses) {
      if (!r.examples.length && !r.schema) continue;
      const list = r.examples.length ? r.examples : [];
      list.forEach((ex, i) => {
        const t = exampleText(ex.value);
        responseCodes.push({ label: list.length > 1 ? `${r.status} ${ex.label ?? i + 1}` : r.status, ...t });
      });
    }
  }
  const [requestBlocks, responseBlocks] = await Promise.all([highlighted([...snippets, ...payloads], highlighter), highlighted(responseCodes, highlighter)]);

  const { before, after } = splitAtParams(bodyHtml, paramsHtml !== undefined);
  const view = (
    <div className="api-page" data-method={e.method}>
      <div className="api-main">
        <div className="api-endpoint">
          <Method method={e.method} />
          <code className="api-url" title={e.operation.kind === 'webhook' ? 'Webhook' : e.baseUrl + e.path}>
            {e.operation.kind === 'webhook' ? <span className="api-webhook">webhook</span> : <span className="api-base">{e.baseUrls.length ? e.baseUrl : ''}</span>}
            <span className="api-path"><PathText path={e.path} /></span>
          </code>
          {e.deprecated && <span className="api-deprecated">deprecated</span>}
        </div>
        {api?.playground.mode === 'show' && e.operation.kind !== 'webhook' && <Playground endpoint={e} api={api} />}
        {intro && <Markdown source={intro} className="api-md api-intro" />}
        {showDescription && <Markdown source={e.description} className="api-md api-description" />}
        {before && <div className="api-page-body" dangerouslySetInnerHTML={{ __html: before }} />}
        <Auth auth={e.auth} optional={e.authOptional} />
        {paramsHtml === undefined ? <Parameters params={e.parameters} /> : paramsHtml && <div className="api-params" dangerouslySetInnerHTML={{ __html: paramsHtml }} />}
        {e.body && paramsHtml === undefined && <Body body={e.body} title={e.operation.kind === 'webhook' ? 'Payload' : 'Body'} />}
        {after && <div className="api-page-body api-page-rest" dangerouslySetInnerHTML={{ __html: after }} />}
        <Callbacks callbacks={e.callbacks} />
        <Responses responses={e.responses} />
      </div>
    </div>
  );
  // Generated examples are marked: the playground rewrites them with what its form holds.
  const generated = snippets.length > 0 && !e.codeSamples.length && api?.playground.mode === 'show' && e.operation.kind !== 'webhook';
  const request = requestBlocks.length ? renderToStaticMarkup(<div className="api-example request-example" data-snippets={generated ? snippets.map((s) => s.key).join(',') : undefined}><CodeGroup>{requestBlocks}</CodeGroup></div>) : '';
  const response = responseBlocks.length ? renderToStaticMarkup(<div className="api-example response-example"><CodeGroup>{responseBlocks}</CodeGroup></div>) : '';
  // Request first, then response, whichever of them the page wrote itself.
  const aside = captured.request ? pageAside + response : request + pageAside + response;
  return { html: renderToStaticMarkup(view), aside: aside || undefined };
}

/**
 * An endpoint page whose OpenAPI URL could not be read when the site was built: the method and
 * path the reference names, and why nothing else is shown.
 */
export function renderUnavailable(reference: string, urls: string[], bodyHtml: string): string {
  const ref = parseReference(reference);
  const method = ref ? (ref.webhook ? 'WEBHOOK' : ref.method!.toUpperCase()) : '';
  const view = (
    <div className="api-page" data-method={method}>
      <div className="api-main">
        {ref && (
          <div className="api-endpoint">
            <Method method={method} />
            <code className="api-url"><span className="api-path"><PathText path={ref.path} /></span></code>
          </div>
        )}
        <aside className="callout callout-warning api-unavailable" role="note">
          <div className="callout-content"><p>
            {'The API specification of this endpoint could not be read when this site was built: '}
            {urls.map((u, i) => <Fragment key={u}>{i > 0 && ', '}<code>{u}</code></Fragment>)}
            {'. Its parameters, request body and responses are not shown here.'}
          </p></div>
        </aside>
        {bodyHtml && <div className="api-page-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />}
      </div>
    </div>
  );
  return renderToStaticMarkup(view);
}
