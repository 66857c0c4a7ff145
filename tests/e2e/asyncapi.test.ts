import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { kiln, previewedFixture, repoRoot, scratchCopy } from './helpers.js';

// AsyncAPI channel pages as a reader sees them (tests/fixtures/asyncapi): a 3.0 WebSocket chat
// generated into a tab (`asyncapi` with a directory), a 2.6 MQTT file generated into a group after
// its own page, and a page whose front matter names a channel.
const fixture = path.join(repoRoot, 'tests/fixtures/asyncapi');
const fx = previewedFixture(fixture);
const open = fx.open;

const texts = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
/** Message headings, without the "#" of their anchor link. */
const messageTitles = async (page: Page) => (await texts(page, '.api-message-title')).map((t) => t.replace(/#$/, ''));

describe('AsyncAPI channel pages', () => {
  it('builds both files without a finding', () => {
    expect(fx.stderr).toContain('6 pages written, 0 failed, 3 files copied; 0 errors, 0 warnings');
  });

  it('lists a tab\'s channels by tag, with the protocol as their badge', async () => {
    const page = await open('/chat/chat-room');
    const groups = await page.locator('.nav-group, .nav-subgroup').evaluateAll((els) => els.map((g) => [g.querySelector('.nav-group-title, summary')?.textContent?.trim(), [...g.querySelectorAll('.nav-link')].map((a) => [a.getAttribute('href'), a.querySelector('.nav-method')?.textContent, a.querySelector('.nav-title')?.textContent]) ]));
    expect(groups).toEqual([
      ['Rooms', [['/chat/chat-room', 'WSS', 'Chat room']]],
      ['Channels', [['/chat/presence', 'WSS', 'Presence']]],
    ]);
    await page.close();
  });

  it('shows where to connect, parameters, bindings, operations and messages of a 3.0 channel', async () => {
    const page = await open('/chat/chat-room');
    expect(await page.locator('h1').textContent()).toBe('Chat room');
    expect(await page.locator('.api-endpoint').textContent()).toBe('WSSwss://chat.example.com/ws/rooms/{roomId}');
    expect(await texts(page, '.api-server-head')).toEqual(['production wss wss://chat.example.com/ws', 'staging wss wss://{region}.staging.example.com/']);
    expect(await page.locator('#parameter-roomId').textContent()).toContain("The room's id, from GET /rooms.");
    // The WebSocket binding's query is a schema: shown as one.
    expect(await texts(page, '.api-binding .field-name')).toEqual(['method', 'query', 'token']);
    expect(await texts(page, '.api-operation-head')).toEqual(['SEND sendMessage Post a message', 'RECEIVE onMessage Messages of others']);
    expect(await texts(page, '#operation-onMessage .api-operation-messages a')).toEqual(['Chat message', 'Typing']);
    expect(await messageTitles(page)).toEqual(['Chat message sent received', 'Typing received']);
    // A message link leads to the message.
    await page.locator('#operation-sendMessage .api-operation-messages a').click();
    await page.waitForURL(/#message-chatMessage$/);
    // The payload as a schema tree; the circular `replyTo` stops where it refers back.
    const payload = page.locator('#message-chatMessage ~ .api-message-part', { hasText: 'Payload' });
    await payload.locator('.field', { hasText: 'replyTo' }).first().locator('summary').first().click();
    expect(await payload.locator('.api-stopped').first().textContent()).toBe('ChatMessage refers back to itself; its fields are shown above.');
    expect(await payload.locator('.field-name').first().textContent()).toBe('id');
    // The examples column: the message's own example, then one made from the other's schema.
    expect(await texts(page, '.api-message-examples [role="tab"]')).toEqual(['Chat message', 'Typing']);
    expect(JSON.parse((await page.locator('.api-message-examples pre').first().textContent())!)).toEqual({ id: 'msg_1', text: 'Hello, room!', author: { id: 'u_1', name: 'Ada' } });
    await page.close();
  });

  it('keeps what the document says as text: no script from it runs', async () => {
    const page = await open('/chat/chat-room');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.api-description img, .api-description script').count()).toBe(0);
    expect(await page.locator('.api-description').textContent()).toContain('Every message posted to a room reaches everyone in it.');
    await page.close();
  });

  it('adds a 2.6 file\'s channels after the group\'s own page, publish and subscribe said as what the application does', async () => {
    const page = await open('/sensors/overview');
    expect(await texts(page, '.nav-link')).toContain('MQTTsensors/{sensorId}/temperature');
    expect(await page.locator('.nav-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/sensors/overview', '/api-reference/sensors-temperature']);
    await page.locator('.nav-link[href="/api-reference/sensors-temperature"]').click();
    await page.waitForURL(/sensors-temperature$/);
    // No URL to join for MQTT: the topic alone, the broker under Servers.
    expect(await page.locator('.api-endpoint').textContent()).toBe('MQTTsensors/{sensorId}/temperature');
    expect(await texts(page, '.api-server-head')).toEqual(['broker mqtt 5 broker.example.com:1883']);
    expect(await texts(page, '.api-action-text')).toEqual(['publish: the application receives these messages.', 'subscribe: the application sends these messages.']);
    // The `$ref` into schemas/reading.yaml.
    expect(await page.locator('#message-reading ~ .api-message-part').first().textContent()).toContain('Degrees Celsius.');
    expect(await messageTitles(page)).toEqual(['Configure received', 'Temperature reading sent', 'Sensor fault sent']);
    await page.close();
  });

  it('renders a page whose front matter names a channel, with its own title and body, and a request\'s reply', async () => {
    const page = await open('/presence-guide');
    expect(await page.locator('h1').textContent()).toBe('Who is online');
    expect(await page.locator('.api-page-body').textContent()).toContain('Send whoIsOnline after joining');
    expect(await page.locator('.nav-link[href="/presence-guide"] .nav-method').textContent()).toBe('WSS');
    expect(await texts(page, '.api-reply .api-operation-messages a')).toEqual(['Online users']);
    expect(await messageTitles(page)).toEqual(['Who is online sent', 'Online users received']);
    await page.close();
  });

  it('names the closest channels when a page names none that exists, in check and build', async () => {
    const copy = scratchCopy(fixture);
    try {
      writeFileSync(path.join(copy.dir, 'presence-guide.mdx'), '---\ntitle: Who is online\ndescription: x\nasyncapi: "asyncapi/chat.yaml presense"\n---\n\nBody.\n');
      const message = 'Page presence-guide.mdx names the AsyncAPI channel "asyncapi/chat.yaml presense", which no AsyncAPI file of the site defines.';
      const checked = await kiln(['check', copy.dir]);
      expect(checked.stdout + checked.stderr).toContain(`presence-guide.mdx:4:1  error  asyncapi/channel-not-found  ${message}`);
      expect(checked.stdout + checked.stderr).toContain('Closest channels: asyncapi/chat.yaml presence');
      const built = await kiln(['build', copy.dir, '--out', path.join(copy.dir, 'dist')]);
      expect(built.stderr).toContain(message);
    } finally {
      copy.cleanup();
    }
  });
});
