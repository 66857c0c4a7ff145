import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from './load.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'kiln-analytics-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function load(json: object) {
  const dir = mkdtempSync(path.join(tmp, 'site-'));
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(json, null, 2));
  return loadSettings(dir);
}
const classic = (analytics: unknown) => load({ name: 'A', navigation: [{ group: 'G', pages: ['a'] }], analytics });
const v2 = (integrations: unknown) =>
  load({ theme: 'mint', name: 'B', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages: ['a'] }] }, integrations });

describe('analytics settings', () => {
  it('reads `analytics` of the classic layout, as real projects write it', async () => {
    const { settings, diagnostics } = await classic({
      posthog: { apiKey: 'phc_1', apiHost: 'https://us.i.posthog.com' },
      ga4: { measurementId: 'G-1' },
      hotjar: { hjid: '3456', hjsv: 6 },
      plausible: { domain: 'docs.acme.dev', server: 'stats.acme.dev' },
    });
    expect(diagnostics).toEqual([]);
    expect(settings!.analytics).toEqual({
      posthog: { apiKey: 'phc_1', apiHost: 'https://us.i.posthog.com' },
      ga4: { measurementId: 'G-1' },
      hotjar: { hjid: 3456, hjsv: 6 },
      plausible: { domain: 'docs.acme.dev', server: 'stats.acme.dev' },
    });
  });

  it('reads `integrations` of docs.json, and accepts the integrations that are not analytics', async () => {
    const { settings, diagnostics } = await v2({ gtm: { tagId: 'GTM-1' }, intercom: { appId: 'x' }, mixpanel: { projectToken: 't' } });
    expect(diagnostics).toEqual([]);
    expect(settings!.analytics).toEqual({ gtm: { tagId: 'GTM-1' }, mixpanel: { projectToken: 't' } });
  });

  it('is absent when no provider is set', async () => {
    expect((await classic({})).settings!.analytics).toBeUndefined();
    expect((await v2({ intercom: { appId: 'x' } })).settings!.analytics).toBeUndefined();
  });

  it('rejects a missing id and a server that is not an http(s) URL, with the JSON path', async () => {
    const missing = await classic({ ga4: {} });
    expect(missing.settings).toBeNull();
    expect(missing.diagnostics.map((d) => d.message).join('\n')).toContain('analytics.ga4.measurementId');
    const bad = await classic({ posthog: { apiKey: 'k', apiHost: 'javascript:alert(1)' } });
    expect(bad.diagnostics.map((d) => `${d.severity} ${d.message}`).join('\n')).toMatch(/error .*analytics\.posthog\.apiHost/);
    const server = await classic({ plausible: { domain: 'a.dev', server: 'x" onload="y' } });
    expect(server.settings).toBeNull();
  });

  it('warns about a provider Kiln does not know', async () => {
    const { settings, diagnostics } = await classic({ ga4: { measurementId: 'G-1' }, matomo: { siteId: 1 } });
    expect(settings!.analytics).toEqual({ ga4: { measurementId: 'G-1' } });
    expect(diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['warning settings/unknown-key']);
  });
});
