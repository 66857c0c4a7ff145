import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../content/pages.js';
import { buildSchema } from '../openapi/schema.js';
import { settingsWith } from '../openapi/test-helpers.js';
import { loadSettings } from '../settings/load.js';
import type { Settings } from '../settings/types.js';
import { loadAsyncApi } from './load.js';
import { channelUrl, generateChannelPages } from './navigation.js';
import { asyncApiStep } from './site.js';

// AsyncAPI 2.x and 3.x documents read by @asyncapi/parser into channel pages (issue 21). The
// fixture is the browser test's (tests/fixtures/asyncapi): a 3.0 chat over WebSocket and 2.6
// MQTT sensors with a `$ref` into another file.
const fixture = fileURLToPath(new URL('../../../tests/fixtures/asyncapi/', import.meta.url));
// The parser's modules load once per process, which takes seconds on a busy machine.
beforeAll(async () => {
  await loadAsyncApi({ root: fixture, settings: withAsync(['asyncapi/sensors.yaml']), assets: [], references: [], validate: false });
}, 60_000);

const withAsync = (asyncapi: string[], extra: Partial<Settings> = {}): Settings => ({ ...settingsWith([]), file: path.join(fixture, 'docs.json'), asyncapi, ...extra });

describe('AsyncAPI settings', () => {
  it('reads `api.asyncapi` and the `asyncapi` of tabs and groups, with their directories, without a warning', async () => {
    const { settings, diagnostics } = await loadSettings(fixture);
    expect(diagnostics).toEqual([]);
    expect(settings!.asyncapi).toEqual(['asyncapi/chat.yaml', 'asyncapi/sensors.yaml']);
    const chat = settings!.tabs.find((t) => t.name === 'Chat API')!;
    expect([chat.asyncapi, chat.division]).toEqual([{ sources: ['asyncapi/chat.yaml'], directory: 'chat' }, 'tab:Chat API']);
    const sensors = settings!.navigation.find((g) => g.group === 'Sensors')!;
    expect([sensors.asyncapi, sensors.division]).toEqual([{ sources: ['asyncapi/sensors.yaml'] }, 'tab:Sensors']);
  });
});

describe('loading AsyncAPI documents', () => {
  it('reads 3.0 and 2.6 into the same channel model', async () => {
    const api = await loadAsyncApi({ root: fixture, settings: withAsync(['asyncapi/chat.yaml', 'asyncapi/sensors.yaml']), assets: [], references: [], validate: false });
    expect(api.diagnostics).toEqual([]);
    const [chat, sensors] = api.model.documents;
    expect([chat!.version, chat!.title, sensors!.version]).toEqual(['3.0.0', 'Chat API', '2.6.0']);

    const room = api.model.find('asyncapi/chat.yaml room')!;
    expect([room.id, room.address, room.title, room.summary, room.tags]).toEqual(['room', '/rooms/{roomId}', 'Chat room', 'Messages of one room.', ['Rooms']]);
    expect(room.servers.map((s) => [s.id, s.protocol, s.url])).toEqual([['production', 'wss', 'wss://chat.example.com/ws'], ['staging', 'wss', 'wss://{region}.staging.example.com/']]);
    expect(room.servers[1]!.variables).toEqual([{ name: 'region', default: 'eu', enum: ['eu', 'us'], description: 'Where the staging cluster runs.' }]);
    expect(room.parameters.map((p) => [p.name, p.description])).toEqual([['roomId', "The room's id, from `GET /rooms`."]]);
    expect(room.bindings).toEqual([{ protocol: 'ws', version: undefined, value: { method: 'GET', query: { type: 'object', properties: { token: { type: 'string', description: 'A session token.' } }, required: ['token'] } } }]);
    expect(room.operations.map((o) => [o.id, o.action, o.sends, o.title, o.messages])).toEqual([
      ['sendMessage', 'send', true, 'Post a message', ['chatMessage']],
      ['onMessage', 'receive', false, 'Messages of others', ['chatMessage', 'typing']],
    ]);
    const message = room.messages.find((m) => m.id === 'chatMessage')!;
    expect([message.title, message.contentType, message.examples[0]!.payload.text]).toEqual(['Chat message', 'application/json', 'Hello, room!']);
    // The parser's own keys are gone; a component's name titles its schema.
    expect(JSON.stringify(message.payload)).not.toContain('x-parser');
    expect(message.payload.title).toBe('ChatMessage');

    const presence = api.model.find('asyncapi/chat.yaml presence')!;
    expect(presence.operations[0]!.reply!.messages.map((m) => m.id)).toEqual(['onlineUsers']);

    // 2.x: the channel's key is its address; publish/subscribe are the application's receive/send.
    const temperature = api.model.find('sensors/{sensorId}/temperature')!;
    expect(temperature.doc).toBe(sensors);
    expect(temperature.operations.map((o) => [o.id, o.action, o.sends, o.messages])).toEqual([
      ['configure', 'publish', false, ['configure']],
      ['onTemperature', 'subscribe', true, ['reading', 'fault']],
    ]);
    expect(temperature.servers.map((s) => [s.url, s.protocolVersion, s.bindings])).toEqual([['broker.example.com:1883', '5', [{ protocol: 'mqtt', version: undefined, value: { clientId: 'docs', cleanSession: true } }]]]);
    // The `$ref` into schemas/reading.yaml, read from the project.
    expect(temperature.messages.find((m) => m.id === 'reading')!.payload.properties.celsius.description).toBe('Degrees Celsius.');
    expect(api.model.files).toContain(path.join(fixture, 'asyncapi/schemas/reading.yaml'));
  });

  it('stops a circular payload schema where it refers back to itself', async () => {
    const api = await loadAsyncApi({ root: fixture, settings: withAsync(['asyncapi/chat.yaml']), assets: [], references: [], validate: false });
    const message = api.model.find('room')!.messages.find((m) => m.id === 'chatMessage')!;
    const tree = buildSchema(message.payload, path.join(fixture, 'asyncapi/chat.yaml'), { refs: api.refs, direction: 'message', maintainOrder: false });
    const replyTo = tree.children.find((c) => c.name === 'replyTo')!;
    expect(replyTo.children.map((c) => c.name)).toEqual(['id', 'text', 'author', 'replyTo']);
    expect(replyTo.children.find((c) => c.name === 'replyTo')!.stopped).toBe('circular');
  });

  it('finds channels by file and key, by key alone, by address, and names the closest otherwise', async () => {
    const api = await loadAsyncApi({ root: fixture, settings: withAsync(['asyncapi/chat.yaml', 'asyncapi/sensors.yaml']), assets: [], references: [], validate: false });
    expect(api.model.find('asyncapi/chat.yaml room')?.id).toBe('room');
    expect(api.model.find('/asyncapi/chat.yaml room')?.id).toBe('room');
    expect(api.model.find('chat room')?.id).toBe('room');
    expect(api.model.find('room')?.id).toBe('room');
    expect(api.model.find('/rooms/{roomId}')?.id).toBe('room');
    expect(api.model.find('asyncapi/sensors.yaml room')).toBeUndefined();
    expect(api.model.closest('asyncapi/chat.yaml rooms', 1)).toEqual(['asyncapi/chat.yaml room']);
  });
});

describe('AsyncAPI files and $refs stay inside the project', () => {
  let base: string;
  let root: string;
  beforeEach(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'kiln-asyncapi-')));
    root = path.join(base, 'docs');
    mkdirSync(root);
    writeFileSync(path.join(base, 'secret.yaml'), 'S:\n  type: string\n  description: OUTSIDE-SECRET\n');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const doc = (refs: string) => `asyncapi: 3.0.0
info: { title: T, version: '1' }
channels:
  a:
    address: /a
    messages:
      m:
        payload:
          type: object
          properties:
${refs}
`;

  it('reads no file outside the project and no URL: each such $ref is an error where it is written, and the rest is built', async () => {
    writeFileSync(path.join(root, 'asyncapi.yaml'), doc(`            out: { $ref: '../secret.yaml#/S' }\n            far: { $ref: 'https://example.com/s.yaml#/S' }\n            ok: { type: string }`));
    const api = await loadAsyncApi({ root, settings: { ...withAsync(['asyncapi.yaml']), file: path.join(root, 'docs.json') }, assets: [], references: [], validate: false });
    expect(api.diagnostics.map((d) => [d.code, d.severity, `${d.line}:${d.column}`, d.message])).toEqual([
      ['asyncapi/ref-refused', 'error', '11:13', 'AsyncAPI reference "../secret.yaml#/S" points outside the project folder (Kiln reads only files inside it), so it is shown as an empty schema.'],
      ['asyncapi/ref-refused', 'error', '12:13', 'AsyncAPI reference "https://example.com/s.yaml#/S" points at a URL, and Kiln does not fetch referenced URLs, so it is shown as an empty schema.'],
    ]);
    const payload = api.model.find('a')!.messages[0]!.payload;
    expect(Object.keys(payload.properties)).toEqual(['out', 'far', 'ok']);
    expect(JSON.stringify([...api.refs.files.values()])).not.toContain('OUTSIDE-SECRET');
  });

  it('reports a file that is not AsyncAPI, one that does not parse and one the parser refuses, each at its place', async () => {
    writeFileSync(path.join(root, 'old.yaml'), 'asyncapi: 1.2.0\ninfo: {}\n');
    writeFileSync(path.join(root, 'broken.yaml'), 'asyncapi: 3.0.0\ninfo: [\n');
    writeFileSync(path.join(root, 'bad-ref.yaml'), doc(`            x: { $ref: '#/components/schemas/Missing' }`));
    const api = await loadAsyncApi({ root, settings: { ...withAsync(['old.yaml', 'broken.yaml', 'bad-ref.yaml', 'gone.yaml']), file: path.join(root, 'docs.json') }, assets: [], references: [], validate: false });
    expect(api.diagnostics.map((d) => [d.code, path.basename(d.file ?? ''), d.line, d.message])).toEqual([
      ['asyncapi/not-found', 'docs.json', undefined, 'AsyncAPI file "gone.yaml" does not exist.'],
      ['asyncapi/invalid', 'old.yaml', 1, 'The file is not a usable AsyncAPI document: version 1.2.0 is not supported (2.x and 3.x are); its channels get no pages.'],
      ['asyncapi/parse-failed', 'broken.yaml', 3, expect.stringMatching(/^The AsyncAPI file does not parse: /)],
      ['asyncapi/invalid', 'bad-ref.yaml', 11, "The file is not a usable AsyncAPI document: `channels.a.messages.m.payload.properties.x.$ref`: '#/components/schemas/Missing' does not exist; its channels get no pages."],
    ]);
    expect(api.model.documents).toEqual([]);
  });

  // The checks compile the AsyncAPI schema's validators: seconds on a busy machine.
  it('lists the parser\'s checks with their positions, and defers them when asked', { timeout: 60_000 }, async () => {
    writeFileSync(path.join(root, 'asyncapi.yaml'), `asyncapi: 3.0.0\ninfo:\n  title: T\nchannels:\n  a:\n    address: /a\n`);
    const settings = { ...withAsync(['asyncapi.yaml']), file: path.join(root, 'docs.json') };
    const api = await loadAsyncApi({ root, settings, assets: [], references: [], validate: 'deferred' });
    expect(api.diagnostics).toEqual([]);
    expect(api.model.find('a')?.address).toBe('/a');
    const found = await api.validate!();
    expect(found.map((d) => [d.code, d.severity, `${d.line}:${d.column}`, d.message])).toEqual([
      ['asyncapi/finding', 'warning', '2:1', '`info`: "info" property must have required property "version" (AsyncAPI parser).'],
    ]);
  });
});

describe('channel pages', () => {
  const page = (id: string, asyncapi?: string, title?: string): Page => ({
    id, file: path.join(fixture, `${id}.mdx`), relPath: `${id}.mdx`, url: `/${id}`, body: '', title: title ?? id, navTitle: title ?? id, inNav: false,
    frontMatter: { ...(title ? { title } : {}), ...(asyncapi ? { asyncapi } : {}), data: { ...(title ? { title } : {}), ...(asyncapi ? { asyncapi } : {}) } },
  });

  it('makes a page per channel for tabs (a group per tag) and groups (after their pages), in the element\'s directory', async () => {
    const settings = withAsync(['asyncapi/chat.yaml', 'asyncapi/sensors.yaml'], {
      layout: 'v2',
      tabs: [{ name: 'Chat API', url: '', division: 'tab:Chat API', asyncapi: { sources: ['asyncapi/chat.yaml'], directory: 'chat' } }],
      navigation: [{ group: 'Sensors', pages: ['sensors/overview'], division: 'tab:Sensors', asyncapi: { sources: ['/asyncapi/sensors.yaml'] } }],
    });
    const pages = new Map([['sensors/overview', page('sensors/overview', undefined, 'Sensors overview')]]);
    const api = (await asyncApiStep(fixture, settings, [], pages, { validate: false }))!;
    // The tab's groups are in its division: its section in the layout.
    expect(settings.navigation.map((g) => [g.group, g.division, g.pages])).toEqual([
      ['Sensors', 'tab:Sensors', ['sensors/overview', 'api-reference/sensors-temperature']],
      ['Rooms', 'tab:Chat API', ['chat/chat-room']],
      ['Channels', 'tab:Chat API', ['chat/presence']],
    ]);
    const room = pages.get('chat/chat-room')!;
    expect([room.url, room.title, room.navMethod, room.frontMatter.asyncapi, room.frontMatter.description]).toEqual(['/chat/chat-room', 'Chat room', 'WSS', 'asyncapi/chat.yaml room', 'Messages of one room.']);
    expect(pages.get('api-reference/sensors-temperature')!.navMethod).toBe('MQTT');
    expect(api.diagnostics).toEqual([]);
  });

  it('titles a front matter page from its channel, badges it, and says when a named file is shown nowhere', async () => {
    const settings = withAsync(['asyncapi/chat.yaml', 'asyncapi/sensors.yaml']);
    const pages = new Map([['who', page('who', 'asyncapi/chat.yaml presence')]]);
    const api = (await asyncApiStep(fixture, settings, [], pages, { validate: false }))!;
    expect([pages.get('who')!.title, pages.get('who')!.navMethod]).toEqual(['Presence', 'WSS']);
    expect(api.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['asyncapi/unused-file', 'info', 'AsyncAPI file asyncapi/sensors.yaml is named in the settings, but no navigation element or page shows its channels.'],
    ]);
  });

  it('loads nothing when no setting or page names AsyncAPI', async () => {
    expect(await asyncApiStep(fixture, settingsWith([]), [], new Map([['a', page('a')]]))).toBeUndefined();
  });

  it('finds a channel of a file only the front matter names, and of any AsyncAPI file of the project for a bare key', async () => {
    const pages = new Map([['a', page('a', 'asyncapi/sensors.yaml sensors/{sensorId}/temperature')], ['b', page('b', 'presence')]]);
    const api = (await asyncApiStep(fixture, settingsWith([]), ['asyncapi/chat.yaml', 'asyncapi/schemas/reading.yaml', 'docs.json'], pages, { validate: false }))!;
    expect(api.model.documents.map((d) => d.id)).toEqual(['asyncapi/sensors.yaml', 'asyncapi/chat.yaml']);
    expect([pages.get('a')!.title, pages.get('b')!.title]).toEqual(['sensors/{sensorId}/temperature', 'Presence']);
  });

  it('gives clashing URLs Mintlify\'s -1, -2', async () => {
    const api = await loadAsyncApi({ root: fixture, settings: withAsync(['asyncapi/chat.yaml']), assets: [], references: [], validate: false });
    const settings = withAsync(['asyncapi/chat.yaml'], { navigation: [{ group: 'A', pages: [], asyncapi: { sources: ['asyncapi/chat.yaml'], directory: 'x' } }] });
    const pages = new Map([['x/chat-room', page('x/chat-room', undefined, 'Taken')]]);
    generateChannelPages(settings, api.model, fixture, pages);
    expect(settings.navigation[0]!.pages).toEqual(['x/chat-room-1', 'x/presence']);
    expect(channelUrl(api.model.find('room')!)).toBe('/api-reference/chat-room');
  });
});
