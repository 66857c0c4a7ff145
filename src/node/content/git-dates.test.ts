import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeContent } from '../seo/test-helpers.js';
import { sitemapXml } from '../seo/sitemap.js';
import { seoHead } from '../render/layout/meta.js';
import { fakeSettings } from '../seo/test-helpers.js';
import { formatDate, gitLastModified, isoDate } from './git-dates.js';

// A real repository: the docs in `docs/`, a file outside them, commits with fixed dates.
let repo: string;
let docs: string;

function git(args: string[], date?: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date ?? '2020-01-01T00:00:00Z', GIT_COMMITTER_DATE: date ?? '2020-01-01T00:00:00Z' };
  execFileSync('git', ['-c', 'user.name=Kiln', '-c', 'user.email=kiln@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, env, stdio: 'ignore' });
}
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
  writeFileSync(path.join(repo, rel), text);
};

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'kiln-git-dates-'));
  docs = path.join(repo, 'docs');
  git(['init', '-q']);
  write('docs/intro.mdx', 'one');
  write('docs/guides/setup.mdx', 'one');
  write('README.md', 'outside the docs');
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'first'], '2026-10-01T09:00:00Z');
  write('docs/guides/setup.mdx', 'two');
  write('docs/guides/été 2.mdx', 'a name git would quote');
  git(['add', '-A']);
  // The committer's own time zone: the date is the same instant.
  git(['commit', '-q', '-m', 'second'], '2026-11-03T23:30:00+02:00');
  write('README.md', 'changed later, outside the docs');
  git(['commit', '-q', '-am', 'third'], '2026-12-24T12:00:00Z');
  write('docs/untracked.mdx', 'never added');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('last-updated dates from git', () => {
  it('dates every committed file under the folder from one log, paths relative to the folder', async () => {
    const dates = await gitLastModified(docs);
    expect(Object.fromEntries([...dates].map(([f, d]) => [f, isoDate(d)]))).toEqual({
      'intro.mdx': '2026-10-01T09:00:00Z',
      'guides/setup.mdx': '2026-11-03T21:30:00Z',
      'guides/été 2.mdx': '2026-11-03T21:30:00Z',
    });
  });

  it('leaves out untracked files and changes outside the folder', async () => {
    const dates = await gitLastModified(docs);
    expect(dates.has('untracked.mdx')).toBe(false);
    expect([...dates.keys()].some((f) => f.includes('README'))).toBe(false);
  });

  it('stops once every wanted file has its date, and gives the same dates', async () => {
    const dates = await gitLastModified(docs, ['guides/setup.mdx']);
    expect(isoDate(dates.get('guides/setup.mdx')!)).toBe('2026-11-03T21:30:00Z');
    // Only the newest commit was needed: the older file was never reached.
    expect(dates.has('intro.mdx')).toBe(false);
    expect((await gitLastModified(docs, [])).size).toBe(0);
  });

  it('gives no dates, and no error, outside a git checkout', async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), 'kiln-no-git-'));
    writeFileSync(path.join(plain, 'intro.mdx'), 'x');
    try {
      // Ceiling: git must not find a repository in a folder above the temporary one.
      process.env.GIT_CEILING_DIRECTORIES = path.dirname(plain);
      expect((await gitLastModified(plain)).size).toBe(0);
      expect((await gitLastModified(path.join(plain, 'missing-folder'))).size).toBe(0);
    } finally {
      delete process.env.GIT_CEILING_DIRECTORIES;
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('formats the date for readers in UTC', () => {
    expect(formatDate(new Date('2026-11-03T21:30:00Z'))).toBe('Nov 3, 2026');
    expect(formatDate(new Date('2026-11-03T23:30:00-05:00'))).toBe('Nov 4, 2026');
  });

  it('becomes <lastmod> in the sitemap and article:modified_time on the page', () => {
    const content = fakeContent([{ id: 'intro' }, { id: 'guides/setup', lastModified: new Date('2026-11-03T21:30:00Z') }], [{ title: 'G', ids: ['intro', 'guides/setup'] }]);
    expect(sitemapXml('https://x.dev', content, {})).toContain(
      '  <url><loc>https://x.dev/</loc></url>\n  <url><loc>https://x.dev/guides/setup</loc><lastmod>2026-11-03T21:30:00Z</lastmod></url>\n',
    );
    const tags = (id: string) => seoHead(fakeSettings(), content, content.pages.get(id)!).tags;
    expect(tags('guides/setup')).toContainEqual({ attr: 'property', key: 'article:modified_time', content: '2026-11-03T21:30:00Z' });
    expect(tags('intro').some((t) => t.key === 'article:modified_time')).toBe(false);
  });
});
