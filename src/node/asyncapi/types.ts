/**
 * The AsyncAPI model the pages read: every AsyncAPI document of the site, parsed once per build by
 * the ecosystem's parser (@asyncapi/parser, ./parser.ts) and copied out into plain data
 * (./model.ts), so the render stage never touches the parser's objects. AsyncAPI 2.x and 3.x
 * come out the same shape: a channel with its servers, parameters, bindings, operations and
 * messages. Schemas are the parser's resolved JSON: a circular one loops by object identity,
 * which the schema tree stops at (openapi/schema.ts).
 */

/** Any JSON value of a parsed document. Untrusted: every string in it is user text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface AsyncApiDocument {
  /** How settings and pages name it: the project-relative path (`asyncapi.yaml`) or the URL. */
  id: string;
  /** Absolute path of the file read (for URLs, the cached copy). */
  file: string;
  url?: string;
  /** `2.6.0`, `3.0.0`… as written. */
  version: string;
  title?: string;
  channels: Channel[];
}

export interface Binding {
  /** `ws`, `kafka`, `mqtt`, `http`… */
  protocol: string;
  version?: string;
  /** The binding object without `bindingVersion`. */
  value: Record<string, Json>;
}

export interface ServerVariable {
  name: string;
  default?: string;
  enum: string[];
  description?: string;
}

export interface Server {
  id: string;
  /** `wss://chat.example.com/ws` (variables as written: `{region}`). */
  url: string;
  protocol: string;
  protocolVersion?: string;
  title?: string;
  description?: string;
  variables: ServerVariable[];
  bindings: Binding[];
}

export interface ChannelParameter {
  name: string;
  description?: string;
  /** A JSON schema of the value (2.x `schema`; 3.x's `enum`, `default` and `examples` as one). */
  schema?: Json;
  /** A runtime expression (`$message.payload#/user/id`). */
  location?: string;
}

export interface MessageExample {
  name?: string;
  summary?: string;
  payload?: Json;
  headers?: Json;
}

export interface Message {
  /** The message's key (3.x), `messageId` or the parser's name for it (2.x). */
  id: string;
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  /** A JSON schema (or a non-JSON schema's text, with `schemaFormat` naming it). */
  payload?: Json;
  schemaFormat?: string;
  headers?: Json;
  correlationId?: { location?: string; description?: string };
  examples: MessageExample[];
  bindings: Binding[];
}

export interface Operation {
  id: string;
  /** As written: `send`/`receive` (3.x), `publish`/`subscribe` (2.x). */
  action: string;
  /** Whether the application sends the messages (3.x `send`, 2.x `subscribe`). */
  sends: boolean;
  title?: string;
  summary?: string;
  description?: string;
  /** Ids of the channel's messages it carries. */
  messages: string[];
  bindings: Binding[];
  /** 3.x request/reply: the address the reply goes to and its messages. */
  reply?: { address?: string; messages: Message[] };
}

export interface Channel {
  doc: AsyncApiDocument;
  /** The channel's key: `room` (3.x) or its address `user/signedup` (2.x). */
  id: string;
  address?: string;
  title?: string;
  summary?: string;
  description?: string;
  tags: string[];
  servers: Server[];
  parameters: ChannelParameter[];
  bindings: Binding[];
  operations: Operation[];
  messages: Message[];
}

export interface AsyncApiModel {
  documents: AsyncApiDocument[];
  /** AsyncAPI URLs that could not be read (nor found cached). */
  unavailable: string[];
  /** The channel a page's `asyncapi:` names: `asyncapi.yaml room`, or `room` when one document has it. */
  find(reference: string): Channel | undefined;
  /** Up to `n` references of channels closest to one that matched nothing. */
  closest(reference: string, n?: number): string[];
  /** Absolute paths of every file read, for the dev server. */
  files: Set<string>;
}
