import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewedFixture, repoRoot } from './helpers.js';

// OpenAPI 3.1 webhooks and operation callbacks as a reader sees them (tests/fixtures/api-events):
// a webhook named by a navigation entry (`webhook orderUpdated`) and one by a page's front matter
// (`openapi: "openapi.yaml webhook orderShipped"`, Mintlify's form), and an operation with two
// callbacks, one of them a `$ref` into `components.callbacks`.
const fixture = path.join(repoRoot, 'tests/fixtures/api-events');
const fx = previewedFixture(fixture);
const open = fx.open;

/** Text of each match, whitespace collapsed, without the "#" of a heading's anchor link. */
const texts = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/#$/, '')));

describe('webhooks', () => {
  it('builds without a finding', () => {
    expect(fx.stderr).toContain('4 pages written, 0 failed, 1 files copied; 0 errors, 0 warnings');
  });

  it('lists webhooks of either form with their badge', async () => {
    const page = await open('/');
    expect(await page.locator('.nav-link').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.querySelector('.nav-method')?.textContent ?? '']))).toEqual([
      ['/', ''],
      ['/api-reference/orders/subscribe-to-order-events', 'POST'],
      ['/api-reference/orders/order-updated', 'HOOK'],
      ['/webhooks/order-shipped', 'HOOK'],
    ]);
    await page.close();
  });

  it('shows a webhook\'s payload, with its example beside instead of a request to send', async () => {
    const page = await open('/api-reference/orders/order-updated');
    expect(await page.locator('.api-endpoint').textContent()).toBe('POSTwebhookorderUpdated');
    expect(await texts(page, '#body')).toEqual(['Payload']);
    expect(await texts(page, '.api-section .field-name')).toEqual(['orderId', 'status']);
    expect(await texts(page, '.request-example [role="tab"]')).toEqual(['Payload']);
    expect(JSON.parse((await page.locator('.request-example pre').textContent())!)).toEqual({ orderId: 'ord_42', status: 'shipped' });
    // Nothing to send from the browser.
    expect(await page.locator('.api-playground').count()).toBe(0);
    await page.close();
  });

  it('renders a webhook named in front matter, with the page\'s title and body', async () => {
    const page = await open('/webhooks/order-shipped');
    expect(await page.locator('h1').textContent()).toBe('Order shipped webhook');
    expect(await page.locator('.api-page-body').textContent()).toContain('Answer within 5 seconds');
    expect(await texts(page, '.api-section .field-name')).toEqual(['orderId', 'carrier']);
    // An example made from the schema when the file gives none.
    expect(JSON.parse((await page.locator('.request-example pre').textContent())!)).toEqual({ orderId: '<string>', carrier: 'ups' });
    await page.close();
  });
});

describe('callbacks', () => {
  it('folds each callback between the body and the responses, its request and answers inside', async () => {
    const page = await open('/api-reference/orders/subscribe-to-order-events');
    expect(await texts(page, '.api-main > .api-section > h2')).toEqual(['Body', 'Callbacks', 'Responses']);
    expect(await texts(page, '.api-callback > summary')).toEqual([
      'POST {$request.body#/callbackUrl} Order updated',
      'DELETE {$request.body#/callbackUrl}/ended Subscription ended',
    ]);
    const first = page.locator('.api-callback').first();
    expect(await first.locator('.api-callback-body').isVisible()).toBe(false);
    await first.locator('summary').click();
    expect(await first.locator('.api-description').textContent()).toBe("Sent to the subscriber's URL when an order's status changes.");
    expect(await texts(page, '.api-callback >> nth=0 >> .field-name')).toEqual(['X-Signature', 'orderId', 'status']);
    // Its responses switch like the page's own.
    const status = first.locator('.api-response:not([hidden])');
    expect(await status.textContent()).toBe('Callback received.');
    await first.locator('[role="tab"]', { hasText: '410' }).click();
    await expect.poll(() => status.textContent()).toBe('The subscriber is gone; the subscription is removed.');
    // The page's own responses are untouched, and keep their id.
    expect(await page.locator('#responses + .api-responses .api-response:not([hidden])').textContent()).toBe('Subscription created.');
    await page.close();
  });
});
