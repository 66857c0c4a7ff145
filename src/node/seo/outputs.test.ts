import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../site/load.js';
import { generatedFile, isGeneratedPath, siteOutputs } from './outputs.js';

const root = path.join(fileURLToPath(new URL('./fixtures/', import.meta.url)), 'routes');

describe('the route table of generated files', () => {
  it('is what the build writes, what check accepts, and (but for host files) what kiln dev serves', async () => {
    const { site } = await loadSite({ root, dev: false });
    const files = await siteOutputs(site!);
    const paths = files.map((f) => f.path);
    expect(paths.filter((p) => !p.startsWith('/_kiln/'))).toEqual([
      '/index.md', '/guide.md', '/changelog.md', '/llms.txt', '/llms-full.txt', '/old.html', '/_redirects', '/changelog/rss.xml', '/sitemap.xml', '/robots.txt',
    ]);
    const buildOnly = (p: string) => ['/old.html', '/_redirects', '/sitemap.xml', '/robots.txt'].includes(p) || p.startsWith('/_kiln/social-card-');
    expect(paths.filter(buildOnly)).toHaveLength(5);
    for (const f of files) {
      expect(isGeneratedPath(site!, f.path), f.path).toBe(true);
      const served = await generatedFile(site!, f.path);
      if (buildOnly(f.path)) expect(served, f.path).toBeUndefined();
      else expect(served, f.path).toEqual(f);
    }
    for (const p of ['/hidden.md', '/guide', '/missing.md', '/guide/rss.xml']) {
      expect(isGeneratedPath(site!, p), p).toBe(false);
      expect(await generatedFile(site!, p), p).toBeUndefined();
    }
  });

  it('takes the Markdown the build made, and makes the rest once for its file and llms-full.txt', async () => {
    const { site } = await loadSite({ root, dev: false });
    const files = await siteOutputs(site!, { markdown: new Map([['/guide', '# Made by the build\n']]) });
    const body = (p: string) => String(files.find((f) => f.path === p)?.body);
    expect(body('/guide.md')).toBe('# Made by the build\n');
    expect(body('/llms-full.txt')).toContain('# Made by the build');
    expect(body('/index.md')).toContain('[the guide](/guide)');
  });
});
