import { describe, expect, it } from 'vitest';
import { editUrl, issueUrl, parseGithubRepo } from './repository.js';

describe('parseGithubRepo', () => {
  it.each([
    ['https://github.com/emberline/docs', 'emberline/docs'],
    ['https://github.com/emberline/docs.git', 'emberline/docs'],
    ['https://github.com/browser-use/browser-use/tree/main/docs', 'browser-use/browser-use'],
    ['git@github.com:mintlify/starter.git', 'mintlify/starter'],
    ['ssh://git@github.com/o/r', 'o/r'],
  ])('%s', (url, expected) => {
    const r = parseGithubRepo(url)!;
    expect(`${r.owner}/${r.name}`).toBe(expected);
  });

  it('ignores organisations and other hosts', () => {
    expect(parseGithubRepo('https://github.com/emberline')).toBeUndefined();
    expect(parseGithubRepo('https://gitlab.com/o/r')).toBeUndefined();
  });
});

describe('feedback links', () => {
  const repo = { owner: 'o', name: 'r', branch: 'main', prefix: 'docs/', from: 'git' as const };
  it('edits the page source on its branch, inside the docs folder', () => {
    expect(editUrl(repo, 'guides/setup.mdx')).toBe('https://github.com/o/r/edit/main/docs/guides/setup.mdx');
  });
  it('prefills a new issue with the page title and URL', () => {
    const u = new URL(issueUrl(repo, 'Setup', 'https://docs.example.com/guides/setup'));
    expect(u.pathname).toBe('/o/r/issues/new');
    expect(u.searchParams.get('title')).toBe('Issue on docs: Setup');
    expect(u.searchParams.get('body')).toContain('Page: https://docs.example.com/guides/setup');
  });
});
