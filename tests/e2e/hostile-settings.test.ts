import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, startKiln, tempDir, type KilnRun, type KilnServer } from './helpers.js';

// Settings values that reach a page outside React's escaping: the background image inside the
// <style> element, logo, favicon and link URLs, analytics ids in inline scripts, and redirect
// destinations in the pages written for them (issue 26). tests/fixtures/hostile-settings is the
// classic layout, hostile-settings-v2 the docs.json one (`background.image`, `navbar`, anchor
// colours). Every payload sets window.__xss or opens a dialog; the fixtures' control.js sets
// window.__control, to show that a script that does run is seen. Inline scripts and the deferred
// control.js have all run when the load event fires, so that is when the page is asked.
interface Site {
  dir: string;
  out: string;
  build: KilnRun;
  server: KilnServer;
  cleanup: () => void;
}
const sites: Record<'classic' | 'v2', Site> = {} as never;
let browser: Browser;

async function prepare(fixture: string): Promise<Site> {
  const t = tempDir();
  const dir = path.join(t.dir, 'docs');
  cpSync(path.join(repoRoot, 'tests/fixtures', fixture), dir, { recursive: true });
  const out = path.join(t.dir, 'docs', 'dist');
  const build = await kiln(['build', dir, '--out', out]);
  const server = await startKiln(['preview', dir, '--out', out, '--port', '0']);
  return { dir, out, build, server, cleanup: t.cleanup };
}

beforeAll(async () => {
  [sites.classic, sites.v2, browser] = await Promise.all([prepare('hostile-settings'), prepare('hostile-settings-v2'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  for (const s of Object.values(sites)) {
    await s?.server.stop();
    s?.cleanup();
  }
});

interface Visit {
  page: Page;
  status: number | undefined;
  dialogs: string[];
  errors: string[];
  state: () => Promise<{ xss: unknown; control: unknown }>;
}

async function visit(site: Site, url: string): Promise<Visit> {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${site.server.url}${url}`, { waitUntil: 'load' });
  const state = () => page.evaluate(() => ({ xss: (window as unknown as { __xss?: unknown }).__xss, control: (window as unknown as { __control?: unknown }).__control }));
  return { page, status: response?.status(), dialogs, errors, state };
}

describe('hostile settings run no script', () => {
  it('build, and report each value with its JSON path', () => {
    const { build } = sites.classic;
    expect(build.stderr).toMatch(/✗ 1 pages written, 0 failed, 1 files copied; 3 errors, 7 warnings/);
    for (const line of [
      'settings/implausible-url  `backgroundImage`: "/bg.svg</style><script>window.__xss=1..." is not a plausible URL or path (it contains `<`); it is written escaped, where it cannot run as script, and will not work.',
      'settings/implausible-url  `logo.href`: "javascript:window.__xss=12" is not a plausible URL or path (the `javascript:` scheme is not one of http, https, mailto and tel)',
      'settings/implausible-url  `footerSocials.github`',
      'settings/implausible-url  `topbarCtaButton.url`',
      'settings/unsafe-redirect  `redirects[0].destination`: "javascript:window.__xss=3;alert(3)" is neither an http(s) URL nor a path of the site (the `javascript:` scheme is not allowed); the redirect is left out.',
      'settings/unsafe-redirect  `redirects[1].destination`: " JaVaScRiPt:alert(4)" is neither an http(s) URL nor a path of the site (the `javascript:` scheme is not allowed)',
      'settings/unsafe-redirect-source  `redirects[2].source`: "/../../escaped" is not a path of the site (it has a `.` or `..` segment); the redirect is left out.',
    ]) expect(build.stderr).toContain(line);
    expect(sites.v2.build.stderr).toMatch(/✗ 1 pages written, 0 failed, 1 files copied; 1 errors, 4 warnings/);
    expect(sites.v2.build.stderr).toContain('docs.json:6:39  warning  settings/implausible-url  `background.image.light`');
    expect(sites.v2.build.stderr).toContain('docs.json:14:63  warning  settings/implausible-color  `navigation.anchors[0].color.light`');
  });

  it.each([
    ['classic', '/'],
    ['classic', '/no-such-page'],
    ['v2', '/'],
    ['v2', '/no-such-page'],
  ] as const)('%s site: %s', async (name, url) => {
    const v = await visit(sites[name], url);
    expect(await v.state()).toEqual({ xss: undefined, control: 1 });
    expect(v.dialogs).toEqual([]);
    // The background image is in the page, as an (unloadable) url(), not as markup.
    expect(await v.page.locator('style').last().textContent()).toContain('--kiln-bg-image:url("/bg.svg\\3c /style\\3e \\3c script\\3e window.__xss=');
    await v.page.close();
  });

  it('the javascript: links of the settings are React\'s refusal, not the payload', async () => {
    for (const name of ['classic', 'v2'] as const) {
      const v = await visit(sites[name], '/');
      const scripted = await v.page.locator('a[href^="javascript:" i]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(scripted.length).toBeGreaterThan(0);
      for (const href of scripted) expect(href).toBe("javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')");
      await v.page.close();
    }
  });

  it('the v2 anchor colour is left out rather than written into the style attribute', async () => {
    const v = await visit(sites.v2, '/');
    expect(await v.page.locator('.anchor-icon').first().getAttribute('style')).toBeNull();
    await v.page.close();
  });

  it('writes no redirect page or rule for a javascript: destination or a source outside the site', async () => {
    for (const name of ['classic', 'v2'] as const) {
      const v = await visit(sites[name], '/old');
      expect(v.status).toBe(404);
      expect(await v.page.locator('a[href*="__xss"], a[href*="alert"]').count()).toBe(0);
      expect(await v.state()).toEqual({ xss: undefined, control: 1 });
      expect(v.dialogs).toEqual([]);
      await v.page.close();
    }
    const { out, dir } = sites.classic;
    expect(existsSync(path.join(out, 'old.html'))).toBe(false);
    expect(existsSync(path.join(out, 'old-spaced.html'))).toBe(false);
    expect(existsSync(path.join(dir, '..', 'escaped.html'))).toBe(false);
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toBe('# Redirects from the site settings (Netlify, Cloudflare Pages)\n/moved / 301\n');
    // The accepted redirect still works.
    const moved = await visit(sites.classic, '/moved');
    await moved.page.waitForURL(`${sites.classic.server.url}/`);
    await moved.page.close();
  });
});
