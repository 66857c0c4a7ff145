import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Analytics } from '../../settings/types.js';
import { buildPage, createEngines, loadSite, mapCache } from '../../site/load.js';
import { analyticsSnippets, withAnalytics } from './analytics.js';

interface FakeElement {
  src?: string;
  async?: unknown;
  attrs: Record<string, string>;
  onload?: () => void;
  setAttribute(k: string, v: string): void;
}

/**
 * Runs a snippet's inline scripts as a browser would, against a small fake DOM: returns the
 * window (what the provider's library will read) and the scripts the snippet asked to load.
 */
function run(html: string) {
  const loaded: FakeElement[] = [];
  const parent = { insertBefore: (e: FakeElement) => loaded.push(e), appendChild: (e: FakeElement) => loaded.push(e) };
  const document = {
    createElement: (): FakeElement => ({ attrs: {}, setAttribute(k, v) { this.attrs[k] = v; } }),
    getElementsByTagName: () => [{ parentNode: parent, appendChild: parent.appendChild }],
    head: parent,
    querySelector: () => null,
  };
  const window: Record<string, unknown> = { document };
  window.window = window;
  const context = vm.createContext(window);
  const tags = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, , code] of tags) if (code) vm.runInContext(code, context);
  const external = tags.map((t) => /\bsrc="([^"]*)"/.exec(t[1]!)?.[1]).filter(Boolean);
  return { window: window as Record<string, any>, loaded, external };
}

const snippet = (a: Analytics) => analyticsSnippets(a);

describe('analytics snippets, one per provider', () => {
  it('Google Analytics 4: gtag.js with the measurement id, and its config call', () => {
    const { head, body } = snippet({ ga4: { measurementId: 'G-ABC123' } });
    const { window, external } = run(head);
    expect(external).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABC123']);
    expect(head).toMatch(/^<script async src=/);
    expect(window.dataLayer.map((args: IArguments) => Array.from(args))).toEqual([['js', expect.any(Object)], ['config', 'G-ABC123']]);
    expect(body).toBe('');
  });

  it('Google Tag Manager: the loader in the head and the <noscript> frame after <body>', () => {
    const { head, body } = snippet({ gtm: { tagId: 'GTM-XYZ9' } });
    const { window, loaded } = run(head);
    expect(loaded.map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-XYZ9']);
    expect(window.dataLayer[0]).toMatchObject({ event: 'gtm.js' });
    expect(body).toBe('<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-XYZ9" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>');
  });

  it('PostHog: the stub, array.js from the assets host, init with the key and host', () => {
    const { window, loaded } = run(snippet({ posthog: { apiKey: 'phc_123', apiHost: 'https://eu.i.posthog.com/' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://eu-assets.i.posthog.com/static/array.js']);
    expect(window.posthog._i).toEqual([['phc_123', { api_host: 'https://eu.i.posthog.com' }, 'posthog']]);
    // The default host, as PostHog documents it; calls before the library loads are queued.
    const us = run(snippet({ posthog: { apiKey: 'phc_1' } }).head);
    expect(us.loaded[0]!.src).toBe('https://us-assets.i.posthog.com/static/array.js');
    us.window.posthog.capture('x');
    expect(us.window.posthog.at(-1)).toEqual(['capture', 'x']);
  });

  it('Plausible: the script with the domain, from plausible.io or the given server', () => {
    expect(snippet({ plausible: { domain: 'docs.acme.dev' } }).head).toBe('<script defer data-domain="docs.acme.dev" src="https://plausible.io/js/script.js"></script>');
    expect(snippet({ plausible: { domain: 'a.dev', server: 'stats.acme.dev' } }).head).toContain('src="https://stats.acme.dev/js/script.js"');
    expect(snippet({ plausible: { domain: 'a.dev', server: 'https://stats.acme.dev/' } }).head).toContain('src="https://stats.acme.dev/js/script.js"');
  });

  it('Fathom: the script with the site id', () => {
    expect(snippet({ fathom: { siteId: 'ABCDEF' } }).head).toBe('<script src="https://cdn.usefathom.com/script.js" data-site="ABCDEF" defer></script>');
  });

  it('Segment: analytics.js for the write key, and a page view queued', () => {
    const { window, loaded } = run(snippet({ segment: { key: 'wk_1' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://cdn.segment.com/analytics.js/v1/wk_1/analytics.min.js']);
    expect(window.analytics._writeKey).toBe('wk_1');
    expect(Array.from(window.analytics)).toEqual([['page']]);
  });

  it('Mixpanel: the library, and init with the project token tracking page views', () => {
    const { window, loaded } = run(snippet({ mixpanel: { projectToken: 'tok' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js']);
    expect(window.mixpanel._i).toEqual([['tok', { track_pageview: true }, 'mixpanel']]);
  });

  it('Amplitude: the project script, then init once it has loaded', () => {
    const { window, loaded } = run(snippet({ amplitude: { apiKey: 'amp1' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://cdn.amplitude.com/script/amp1.js']);
    const calls: unknown[] = [];
    window.amplitude = { init: (...a: unknown[]) => calls.push(a) };
    loaded[0]!.onload!();
    expect(calls).toEqual([['amp1', { fetchRemoteConfig: true, autocapture: true }]]);
  });

  it('Hotjar: the tracking code with hjid and hjsv (6 by default)', () => {
    const { window, loaded } = run(snippet({ hotjar: { hjid: 123456 } }).head);
    expect(window._hjSettings).toEqual({ hjid: 123456, hjsv: 6 });
    expect(loaded.map((s) => s.src)).toEqual(['https://static.hotjar.com/c/hotjar-123456.js?sv=6']);
  });

  it('Heap: the library for the app id', () => {
    const { window, loaded } = run(snippet({ heap: { appId: '1234' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://cdn.heapanalytics.com/js/heap-1234.js']);
    expect(window.heap.appid).toBe('1234');
  });

  it('Microsoft Clarity: the tag for the project id', () => {
    const { window, loaded } = run(snippet({ clarity: { projectId: 'abc' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://www.clarity.ms/tag/abc']);
    expect(typeof window.clarity).toBe('function');
  });

  it('Pirsch and LogRocket', () => {
    expect(snippet({ pirsch: { id: 'code1' } }).head).toBe('<script defer src="https://api.pirsch.io/pa.js" id="pianjs" data-code="code1"></script>');
    const { window, loaded } = run(snippet({ logrocket: { appId: 'org/app' } }).head);
    expect(loaded.map((s) => s.src)).toEqual(['https://cdn.lr-ingest.com/LogRocket.min.js']);
    const calls: unknown[] = [];
    window.LogRocket = { init: (id: string) => calls.push(id) };
    loaded[0]!.onload!();
    expect(calls).toEqual(['org/app']);
  });

  it('writes nothing without providers, and every configured provider otherwise', () => {
    expect(snippet({})).toEqual({ head: '', body: '' });
    const both = snippet({ ga4: { measurementId: 'G-1' }, plausible: { domain: 'a.dev' } });
    expect(both.head).toContain('gtag/js?id=G-1');
    expect(both.head).toContain('data-domain="a.dev"');
  });
});

describe('values from docs.json cannot inject script', () => {
  const evil = `x"'</script><script>window.pwned=1</script>\u2028&amp;\${1}-alert(1)-"`;

  it('stay one string inside every inline script', () => {
    const config: Analytics = {
      ga4: { measurementId: evil }, gtm: { tagId: evil }, posthog: { apiKey: evil }, segment: { key: evil }, mixpanel: { projectToken: evil },
      amplitude: { apiKey: evil }, heap: { appId: evil }, clarity: { projectId: evil }, logrocket: { appId: evil },
    };
    const { head, body } = snippet(config);
    expect(head).not.toContain('</script><script>window.pwned');
    expect(body).not.toContain('</script>');
    const { window, loaded, external } = run(head);
    expect(window.pwned).toBeUndefined();
    // The value arrives intact where the provider reads it.
    expect(Array.from(window.dataLayer.at(-2) as IArguments)).toEqual(['config', evil]);
    expect(window.posthog._i[0][0]).toBe(evil);
    expect(window.mixpanel._i[0][0]).toBe(evil);
    expect(window.analytics._writeKey).toBe(evil);
    expect(window.heap.appid).toBe(evil);
    // In URLs it is percent-encoded (`'` is a URL character, and these are set as DOM properties).
    for (const src of [...loaded.map((s) => s.src!), ...external]) expect(src).not.toMatch(/["<>\s]/);
  });

  it('are escaped in attributes', () => {
    const head = snippet({ plausible: { domain: evil }, fathom: { siteId: evil }, pirsch: { id: evil } }).head;
    expect(head).not.toContain('<script><script>');
    expect(head.match(/<script /g)).toHaveLength(3);
    expect(head).toContain('data-domain="x&quot;&#39;&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;');
  });
});

describe('pages with analytics', () => {
  const page = '<!doctype html><html lang="en"><head><title>T</title></head><body class="mode-default"><p>Hi</p></body></html>';

  it('get the snippets at the end of <head> and right after <body> in a build', () => {
    const html = withAnalytics(page, { gtm: { tagId: 'GTM-1' } }, false);
    expect(html).toMatch(/<title>T<\/title><script>\(function\(w,d,s,l,i\).*<\/script><\/head><body class="mode-default"><noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-1"/);
  });

  it('are left alone in kiln dev and when nothing is configured', () => {
    expect(withAnalytics(page, { gtm: { tagId: 'GTM-1' } }, true)).toBe(page);
    expect(withAnalytics(page, undefined, false)).toBe(page);
  });

  it('keep a `$&` in a value literal', () => {
    expect(withAnalytics(page, { fathom: { siteId: '$&$`' } }, false)).toContain('data-site="$&amp;$`"');
  });
});

describe('the pipeline', () => {
  it('injects the configured providers into built pages, never into kiln dev pages', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-analytics-site-'));
    try {
      writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'A', navigation: [{ group: 'G', pages: ['intro'] }], analytics: { ga4: { measurementId: 'G-TEST1' }, gtm: { tagId: 'GTM-TEST2' } } }));
      writeFileSync(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\n\nHello.\n');
      const engines = createEngines();
      const html = async (dev: boolean) => {
        const { site } = await loadSite({ root, dev });
        return (await buildPage(site!, site!.content.pages.get('intro')!, engines, mapCache())).html!;
      };
      const built = await html(false);
      expect(built).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST1');
      expect(built).toMatch(/<body[^>]*><noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-TEST2"/);
      const dev = await html(true);
      expect(dev).toContain('<h1');
      expect(dev).not.toContain('googletagmanager');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
