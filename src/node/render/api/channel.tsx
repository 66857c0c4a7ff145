import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LoadedAsyncApi } from '../../asyncapi/load.js';
import type { Binding, Channel, Json, Message, Operation, Server } from '../../asyncapi/types.js';
import type { Highlighter } from '../../highlight/highlighter.js';
import { exampleFor } from '../../openapi/example.js';
import { buildSchema, type SchemaNode } from '../../openapi/schema.js';
import { CodeGroup } from '../components/code.js';
import { exampleText, highlighted, Method, PathText, type Code } from './endpoint.js';
import { FieldDetails, FieldHead, Markdown, SchemaTree, show } from './schema-tree.js';

/**
 * An AsyncAPI channel's page: where to connect (server and address), its parameters and
 * bindings, what the application sends and receives (operations), and each message with its
 * headers and payload as the schema trees of endpoint pages; message examples in the side
 * column. Everything from the document is text or allow-listed Markdown, as on endpoint pages.
 */

const anchor = (kind: string, id: string) => `${kind}-${id.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'item'}`;

/** A message's label: its title, name, else its key. */
export function messageLabel(m: Message): string {
  return m.title ?? m.name ?? m.id;
}

/** Protocols whose server URL and channel address join into one URL (`wss://host/ws` + `/rooms/{id}`). */
const JOINABLE = /^(wss?|https?|sse)$/i;

function Address({ channel }: { channel: Channel }) {
  const server = channel.servers[0];
  const address = channel.address ?? channel.id;
  const joined = server && JOINABLE.test(server.protocol);
  const base = joined ? server.url.replace(/\/+$/, '') : '';
  const path = joined && !address.startsWith('/') ? `/${address}` : address;
  return (
    <div className="api-endpoint">
      <Method method={(server?.protocol ?? 'channel').toUpperCase()} />
      <code className="api-url" title={base + path}>
        {base && <span className="api-base">{base}</span>}
        <span className="api-path"><PathText path={path} /></span>
      </code>
    </div>
  );
}

function isSchemaLike(v: Json): boolean {
  return !!v && typeof v === 'object' && !Array.isArray(v) && (typeof v.type === 'string' || Array.isArray(v.type) || !!v.properties || !!v.$ref);
}

/** A binding object: its schemas (a WebSocket binding's `query` and `headers`) as trees, other fields as values. */
function Bindings({ bindings, schema, level = 3 }: { bindings: Binding[]; schema: (v: Json) => SchemaNode; level?: 3 | 4 }) {
  if (!bindings.length) return null;
  const H = level === 3 ? 'h3' : 'h4';
  return (
    <div className="api-bindings">
      {bindings.map((b) => (
        <div className="api-binding" key={b.protocol}>
          <H className="api-binding-title">{`${b.protocol} binding`}{b.version && <span className="api-binding-version">{` ${b.version}`}</span>}</H>
          {Object.keys(b.value).length === 0 && <p className="api-binding-empty">No settings.</p>}
          {Object.entries(b.value).map(([key, value]) => (isSchemaLike(value)
            ? (
              <div className="field api-field" key={key}>
                <div className="field-head"><code className="field-name">{key}</code></div>
                <div className="field-body"><SchemaTree node={schema(value)} /></div>
              </div>
            )
            : (
              <div className="field api-field" key={key}>
                <div className="field-head"><code className="field-name">{key}</code><code className="api-binding-value">{show(value)}</code></div>
              </div>
            )))}
        </div>
      ))}
    </div>
  );
}

function Servers({ servers, schema }: { servers: Server[]; schema: (v: Json) => SchemaNode }) {
  if (!servers.length) return null;
  return (
    <section className="api-section">
      <h2 className="api-section-heading" id="servers">{servers.length > 1 ? 'Servers' : 'Server'}</h2>
      {servers.map((s) => (
        <div className="api-server" key={s.id} id={anchor('server', s.id)}>
          <div className="api-server-head">
            <code className="field-name">{s.id}</code>{' '}
            <span className="field-type">{s.protocolVersion ? `${s.protocol} ${s.protocolVersion}` : s.protocol}</span>{' '}
            <code className="api-server-url">{s.url}</code>
          </div>
          {s.title && <p className="api-server-title">{s.title}</p>}
          <Markdown source={s.description} />
          {s.variables.map((v) => (
            <div className="field api-field" key={v.name}>
              <FieldHead name={`{${v.name}}`} node={{ type: 'string', constraints: [], children: [], default: v.default, enum: v.enum.length ? v.enum : undefined }} />
              <div className="field-body"><FieldDetails node={{ type: 'string', constraints: [], children: [], enum: v.enum.length ? v.enum : undefined }} description={v.description} /></div>
            </div>
          ))}
          <Bindings bindings={s.bindings} schema={schema} level={4} />
        </div>
      ))}
    </section>
  );
}

function Parameters({ channel, schema }: { channel: Channel; schema: (v: Json) => SchemaNode }) {
  if (!channel.parameters.length) return null;
  return (
    <section className="api-section">
      <h2 className="api-section-heading" id="parameters">Parameters</h2>
      {channel.parameters.map((p) => {
        const node = p.schema ? schema(p.schema) : { type: 'string', constraints: [], children: [] };
        return (
          <div className="field api-field" id={anchor('parameter', p.name)} key={p.name}>
            <FieldHead name={p.name} node={node} required />
            <div className="field-body">
              <FieldDetails node={node} description={p.description ?? node.description} />
              {p.location && <p className="api-location">Value from <code>{p.location}</code></p>}
            </div>
          </div>
        );
      })}
    </section>
  );
}

/** How an operation reads to someone writing a client: the application's action, in words. */
function actionText(op: Operation): string {
  const verb = op.sends ? 'sends' : 'receives';
  return op.action === 'publish' || op.action === 'subscribe'
    ? `\`${op.action}\`: the application ${verb} these messages.`
    : `The application ${verb} these messages.`;
}

function MessageLinks({ ids, channel }: { ids: string[]; channel: Channel }) {
  if (!ids.length) return null;
  return (
    <p className="api-operation-messages">
      {ids.length > 1 ? 'Messages: ' : 'Message: '}
      {ids.map((id, i) => {
        const m = channel.messages.find((x) => x.id === id);
        return <Fragment key={id}>{i > 0 && ', '}<a href={`#${anchor('message', id)}`}>{m ? messageLabel(m) : id}</a></Fragment>;
      })}
    </p>
  );
}

function Operations({ channel, schema }: { channel: Channel; schema: (v: Json) => SchemaNode }) {
  if (!channel.operations.length) return null;
  return (
    <section className="api-section">
      <h2 className="api-section-heading" id="operations">Operations</h2>
      {channel.operations.map((op) => (
        <div className="api-operation" id={anchor('operation', op.id)} key={op.id}>
          <div className="api-operation-head">
            <span className={`api-action api-action-${op.sends ? 'send' : 'receive'}`}>{op.action.toUpperCase()}</span>{' '}
            <code className="api-operation-id">{op.id}</code>
            {op.title && <>{' '}<span className="api-operation-title">{op.title}</span></>}
          </div>
          <Markdown source={actionText(op)} className="api-md api-action-text" />
          <Markdown source={op.summary} />
          <Markdown source={op.description} />
          <MessageLinks ids={op.messages} channel={channel} />
          {op.reply && (
            <div className="api-reply">
              <p className="api-reply-title">Reply{op.reply.address && <> on <code>{op.reply.address}</code></>}</p>
              <MessageLinks ids={op.reply.messages.filter((m) => channel.messages.some((x) => x.id === m.id)).map((m) => m.id)} channel={channel} />
              {/* A reply message of another channel is shown here, whole. */}
              {op.reply.messages.filter((m) => !channel.messages.some((x) => x.id === m.id)).map((m) => (
                <div className="api-message" key={m.id}>
                  <p className="api-message-title">{messageLabel(m)}</p>
                  <MessageBody m={m} schema={schema} />
                </div>
              ))}
            </div>
          )}
          <Bindings bindings={op.bindings} schema={schema} level={4} />
        </div>
      ))}
    </section>
  );
}

/** A message's description, headers, payload, correlation id and bindings. */
function MessageBody({ m, schema }: { m: Message; schema: (v: Json) => SchemaNode }) {
  const jsonSchema = !m.schemaFormat || /json|asyncapi|openapi/i.test(m.schemaFormat);
  return (
    <>
      <Markdown source={m.summary} />
      <Markdown source={m.description} />
      {m.headers !== undefined && (
        <div className="api-message-part">
          <h4>Headers</h4>
          <SchemaTree node={schema(m.headers)} />
        </div>
      )}
      {m.payload !== undefined && (
        <div className="api-message-part">
          <h4>Payload</h4>
          {jsonSchema
            ? <SchemaTree node={schema(m.payload)}>{m.contentType && <span className="api-content-type">{m.contentType}</span>}</SchemaTree>
            : (
              <div className="api-schema">
                <div className="api-schema-head"><span className="field-type">{m.schemaFormat}</span>{m.contentType && <span className="api-content-type">{m.contentType}</span>}</div>
                <pre className="api-schema-source"><code>{typeof m.payload === 'string' ? m.payload : JSON.stringify(m.payload, null, 2)}</code></pre>
              </div>
            )}
        </div>
      )}
      {m.correlationId && (
        <p className="api-correlation">Correlation id {m.correlationId.location && <code>{m.correlationId.location}</code>}{m.correlationId.description && <>: {m.correlationId.description}</>}</p>
      )}
      <Bindings bindings={m.bindings} schema={schema} level={4} />
    </>
  );
}

function Messages({ channel, schema }: { channel: Channel; schema: (v: Json) => SchemaNode }) {
  if (!channel.messages.length) return null;
  // A reply travels the other way: the answer to what the application sends is received.
  const direction = (m: Message) => [...new Set(channel.operations.flatMap((o) => [
    ...(o.messages.includes(m.id) ? [o.sends ? 'sent' : 'received'] : []),
    ...(o.reply?.messages.some((r) => r.id === m.id) ? [o.sends ? 'received' : 'sent'] : []),
  ]))];
  return (
    <section className="api-section">
      <h2 className="api-section-heading" id="messages">Messages</h2>
      {channel.messages.map((m) => (
        <div className="api-message" key={m.id}>
          <h3 id={anchor('message', m.id)} className="api-message-title">
            {messageLabel(m)}
            {direction(m).map((d) => <Fragment key={d}>{' '}<span className={`api-direction api-direction-${d}`}>{d}</span></Fragment>)}
          </h3>
          {m.name && m.title && m.name !== m.title && <p className="api-message-name">Name: <code>{m.name}</code></p>}
          <MessageBody m={m} schema={schema} />
        </div>
      ))}
    </section>
  );
}

/** The examples column: each message's examples, else one made from its payload schema. */
function examples(channel: Channel, api: LoadedAsyncApi): Code[] {
  const out: Code[] = [];
  for (const m of channel.messages) {
    const label = messageLabel(m);
    const given = m.examples.filter((e) => e.payload !== undefined);
    if (given.length) {
      given.forEach((e, i) => out.push({ label: given.length > 1 ? `${label}: ${e.name ?? e.summary ?? i + 1}` : label, ...exampleText(e.payload) }));
    } else if (m.payload !== undefined && (!m.schemaFormat || /json|asyncapi|openapi/i.test(m.schemaFormat))) {
      out.push({ label, ...exampleText(exampleFor(m.payload, channel.doc.file, api.refs, 'message')) });
    }
  }
  return out;
}

export interface ChannelInput {
  channel: Channel;
  api: LoadedAsyncApi;
  bodyHtml: string;
  /** Markdown shown under the address: the channel's description, unless the page has its own. */
  description?: string;
  pageAside?: string;
  highlighter?: Highlighter;
  maintainOrder?: boolean;
}

/** The HTML of a channel page's content area and its examples column. */
export async function renderChannel({ channel, api, bodyHtml, description, pageAside = '', highlighter, maintainOrder = false }: ChannelInput): Promise<{ html: string; aside?: string }> {
  const schema = (v: Json) => buildSchema(v, channel.doc.file, { refs: api.refs, direction: 'message', maintainOrder });
  const blocks: ReactNode[] = pageAside.includes('response-example') || pageAside.includes('request-example') ? [] : await highlighted(examples(channel, api), highlighter);
  const view = (
    <div className="api-page api-channel">
      <div className="api-main">
        <Address channel={channel} />
        <Markdown source={description} className="api-md api-description" />
        {bodyHtml && <div className="api-page-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />}
        <Servers servers={channel.servers} schema={schema} />
        <Parameters channel={channel} schema={schema} />
        {channel.bindings.length > 0 && (
          <section className="api-section">
            <h2 className="api-section-heading" id="bindings">Bindings</h2>
            <Bindings bindings={channel.bindings} schema={schema} />
          </section>
        )}
        <Operations channel={channel} schema={schema} />
        <Messages channel={channel} schema={schema} />
      </div>
    </div>
  );
  const aside = blocks.length ? renderToStaticMarkup(<div className="api-example response-example api-message-examples"><CodeGroup>{blocks}</CodeGroup></div>) : '';
  return { html: renderToStaticMarkup(view), aside: pageAside + aside || undefined };
}

/** A channel page whose AsyncAPI URL could not be read when the site was built. */
export function renderChannelUnavailable(reference: string, urls: string[], bodyHtml: string): string {
  return renderToStaticMarkup(
    <div className="api-page api-channel">
      <div className="api-main">
        <aside className="callout callout-warning api-unavailable" role="note">
          <div className="callout-content"><p>
            {`The AsyncAPI specification of the channel "${reference}" could not be read when this site was built: `}
            {urls.map((u, i) => <Fragment key={u}>{i > 0 && ', '}<code>{u}</code></Fragment>)}
            {'. Its messages are not shown here.'}
          </p></div>
        </aside>
        {bodyHtml && <div className="api-page-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />}
      </div>
    </div>,
  );
}
