import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewedFixture, repoRoot } from './helpers.js';

// Mintlify's OpenAPI extensions and API settings as a reader sees them (tests/fixtures/api-extensions):
// `x-hidden`, `x-excluded`, `x-mint` (metadata, content, href; mcp ignored), a tag's `x-group`, a
// deprecated operation, a webhook, `openapi.directory`, method badges in the sidebar,
// `api.params.expanded`, `api.examples.languages` and `api.playground.display: "auth"`.
const fixture = path.join(repoRoot, 'tests/fixtures/api-extensions');
const fx = previewedFixture(fixture);
const open = fx.open;

describe('Mintlify\'s OpenAPI extensions', () => {
  it('generates the group\'s pages in its directory, labelled by x-group, with method badges and the deprecated mark', async () => {
    const page = await open('/reference/plants/list-plants');
    const group = page.locator('.nav-subgroup', { hasText: 'Plant store' });
    const entries = await group.locator('.nav-link').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.querySelector('.nav-method')?.textContent, a.querySelector('.nav-title')?.textContent, a.querySelector('.nav-deprecated')?.textContent ?? '']));
    // x-mint.metadata's sidebarTitle; the hidden and the excluded operation are not listed.
    expect(entries).toEqual([
      ['/reference/plants/list-plants', 'GET', 'List', ''],
      ['/reference/plants/add-a-plant', 'POST', 'Add a plant', 'deprecated'],
      ['/guides/legacy-endpoint', 'GET', 'Legacy endpoint', ''],
    ]);
    expect(await page.locator('.nav-link[href="/reference/plant-added"] .nav-method').textContent()).toBe('HOOK');
    // The badge has its method's colour, not the default one.
    const colours = await page.locator('.nav-method-get, .nav-method-post').evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
    expect(new Set(colours).size).toBe(2);
    // x-mint.metadata's title, x-mint.content before the generated part.
    expect(await page.locator('h1').textContent()).toBe('All the plants');
    expect(await page.locator('.api-intro').innerHTML()).toBe('<p><strong>Rate limited</strong> to 10 requests a minute.</p>');
    await page.close();
  });

  it('builds x-hidden operations outside the navigation, and nothing for x-excluded ones', async () => {
    const home = await open('/');
    await home.locator('a', { hasText: 'hidden endpoint' }).click();
    await home.waitForURL(/\/reference\/plants\/secret-plants$/);
    expect(await home.locator('.api-response').first().textContent()).toContain('Hidden but built.');
    await home.close();
    const res = await fetch(`${fx.site.server.url}/reference/plants/internal-plants`);
    expect(res.status).toBe(404);
  });

  it('marks a deprecated operation on its page', async () => {
    const page = await open('/reference/plants/add-a-plant');
    expect(await page.locator('.api-endpoint .api-deprecated').textContent()).toBe('deprecated');
    await page.close();
  });

  it('follows api.examples.languages, api.params.expanded and display "auth" (no playground, said once)', async () => {
    const page = await open('/reference/plants/list-plants');
    expect(await page.locator('.request-example .code-group-tab, .request-example [role="tab"]').allTextContents()).toEqual(['Go', 'Rust']);
    expect(await page.locator('.request-example pre').first().textContent()).toContain('http.NewRequest("GET", url, nil)');
    expect(await page.locator('details.api-children').first().getAttribute('open')).toBe('');
    expect(await page.locator('#query-filter').getByText('color').isVisible()).toBe(true);
    expect(await page.locator('.api-playground').count()).toBe(0);
    await page.close();
    expect(fx.stderr.match(/openapi\/playground-auth/g)).toHaveLength(1);
  });
});
