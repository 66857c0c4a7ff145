import type { AsyncAPIDocumentInterface } from '@asyncapi/parser';
import type { AsyncApiDocument, Binding, Channel, Json, Message, Operation, Server } from './types.js';

/**
 * The parser's document → plain channels (./types.ts). The parser reads AsyncAPI 2.x and 3.x into
 * one interface; what it does not model (a 3.x channel's `title` and `summary`) is read from its
 * JSON. Values are copied without the parser's own `x-parser-*` keys, cycles kept as cycles.
 */

type Model = { json(): Json };
type Bindable = { bindings(): { all(): { protocol(): string; version(): string; value(): Json }[] } };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * A copy of a JSON value without `x-parser-*` keys; a value met again is the same copy (cycles
 * stay cycles). A schema's `x-parser-schema-id` that is a component's name (not
 * `<anonymous-schema-3>`) becomes its `title` when it has none, as the name of an OpenAPI
 * schema's `$ref` does.
 */
export function withoutParserKeys(value: Json, copies = new Map<object, Json>()): Json {
  if (!value || typeof value !== 'object') return value;
  const known = copies.get(value);
  if (known) return known;
  if (Array.isArray(value)) {
    const out: Json[] = [];
    copies.set(value, out);
    for (const v of value) out.push(withoutParserKeys(v, copies));
    return out;
  }
  const out: Record<string, Json> = {};
  copies.set(value, out);
  for (const [k, v] of Object.entries(value)) if (!k.startsWith('x-parser-')) out[k] = withoutParserKeys(v, copies);
  const id = (value as Record<string, unknown>)['x-parser-schema-id'];
  if (typeof id === 'string' && !id.startsWith('<') && out.title === undefined && (out.type !== undefined || out.properties !== undefined)) out.title = id;
  return out;
}

function bindingsOf(x: Bindable): Binding[] {
  return x.bindings().all().map((b) => {
    const { bindingVersion: _v, ...value } = (withoutParserKeys(b.value()) ?? {}) as Record<string, Json>;
    return { protocol: b.protocol(), version: text(b.version()) && b.version() !== 'latest' ? b.version() : undefined, value };
  });
}

function serverOf(s: ReturnType<AsyncAPIDocumentInterface['servers']>['all'] extends () => (infer S)[] ? S : never): Server {
  return {
    id: s.id(),
    url: s.url(),
    protocol: s.protocol(),
    protocolVersion: text(s.protocolVersion()),
    title: text((s as unknown as Model).json().title),
    description: text(s.description()),
    variables: s.variables().all().map((v) => ({ name: v.id(), default: v.defaultValue(), enum: v.allowedValues() ?? [], description: text(v.description()) })),
    bindings: bindingsOf(s),
  };
}

type ParserMessage = ReturnType<ReturnType<AsyncAPIDocumentInterface['messages']>['all']>[number];

/** A message's id for links and labels: anonymous 2.x messages (`<anonymous-message-1>`) get their name or title. */
function messageId(m: ParserMessage, i: number): string {
  const id = m.id();
  if (id && !id.startsWith('<')) return id;
  return text(m.name()) ?? text(m.title()) ?? `message-${i + 1}`;
}

function messageOf(m: ParserMessage, i: number): Message {
  const correlation = m.correlationId();
  const payload = m.payload();
  return {
    id: messageId(m, i),
    name: text(m.name()),
    title: text(m.title()),
    summary: text(m.summary()),
    description: text(m.description()),
    contentType: text(m.contentType()),
    payload: payload ? withoutParserKeys(payload.json()) : undefined,
    schemaFormat: text(m.schemaFormat()),
    headers: m.headers() ? withoutParserKeys(m.headers()!.json()) : undefined,
    correlationId: correlation ? { location: text(correlation.location()), description: text(correlation.description()) } : undefined,
    examples: m.examples().all().map((e) => ({ name: text(e.name()), summary: text(e.summary()), payload: withoutParserKeys(e.payload()), headers: withoutParserKeys(e.headers()) })),
    bindings: bindingsOf(m),
  };
}

/** The channels of a parsed document. */
export function channelsOf(document: AsyncAPIDocumentInterface, doc: AsyncApiDocument): Channel[] {
  const out: Channel[] = [];
  for (const ch of document.channels().all()) {
    const json = (ch as unknown as Model).json() ?? {};
    const messages = ch.messages().all().map(messageOf);
    const ids = new Map(ch.messages().all().map((m, i) => [m, messages[i]!.id]));
    const operations: Operation[] = ch.operations().all().map((op, i) => {
      const reply = typeof op.reply === 'function' ? op.reply() : undefined;
      const replyAddress = reply?.address();
      return {
        id: op.id() ?? `operation-${i + 1}`,
        action: op.action(),
        sends: op.isSend(),
        title: text((op as unknown as Model).json().title),
        summary: text(op.summary()),
        description: text(op.description()),
        // The same message objects as the channel's when they are shared; else matched by id.
        messages: op.messages().all().map((m, j) => ids.get(m) ?? messageId(m, j)),
        bindings: bindingsOf(op),
        reply: reply ? { address: text(replyAddress?.location()) ?? text(reply.channel()?.address() ?? undefined), messages: reply.messages().all().map(messageOf) } : undefined,
      };
    });
    // A message only an operation names (a 2.x `oneOf` the channel does not list) is shown too.
    for (const [i, op] of ch.operations().all().entries()) {
      op.messages().all().forEach((m, j) => {
        const id = operations[i]!.messages[j]!;
        if (!messages.some((x) => x.id === id)) messages.push({ ...messageOf(m, j), id });
      });
    }
    out.push({
      doc,
      id: ch.id(),
      address: ch.address() ?? undefined,
      title: text(json.title),
      summary: text(json.summary),
      description: text(ch.description()),
      tags: Array.isArray(json.tags) ? json.tags.map((t: Json) => text(t?.name)).filter((t: string | undefined): t is string => !!t) : [],
      servers: ch.servers().all().map(serverOf),
      parameters: ch.parameters().all().map((p) => ({
        name: p.id(),
        description: text(p.description()),
        schema: p.schema() ? withoutParserKeys(p.schema()!.json()) : undefined,
        location: text(p.location()),
      })),
      bindings: bindingsOf(ch),
      operations,
      messages,
    });
  }
  return out;
}
