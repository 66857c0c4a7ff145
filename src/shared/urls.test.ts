import { describe, expect, it } from 'vitest';
import { projectFileUrl, sharedFolder } from './urls.js';

describe('projectFileUrl', () => {
  it('makes project-relative paths root-relative, so nested pages find the file', () => {
    expect(projectFileUrl('crew_only_logo.png')).toBe('/crew_only_logo.png');
    expect(projectFileUrl('./logo/dark.svg')).toBe('/logo/dark.svg');
    expect(projectFileUrl('images/bg.png')).toBe('/images/bg.png');
  });

  it('keeps root-relative paths, URLs and data URIs', () => {
    for (const p of ['/favicon.svg', 'https://cdn.example.com/logo.png', '//cdn.example.com/x.svg', 'data:image/svg+xml;base64,AAAA', '']) {
      expect(projectFileUrl(p)).toBe(p);
    }
  });
});

describe('sharedFolder', () => {
  it('is the longest folder every path is in, with or without a leading slash', () => {
    expect(sharedFolder(['en/guides/setup', '/en/guides/deploy', 'en/guides/x/y'])).toBe('en/guides');
    expect(sharedFolder(['en/index', 'en/api/users'])).toBe('en');
    expect(sharedFolder(['api/x', 'guides/y'])).toBe('');
    expect(sharedFolder(['index'])).toBe('');
    expect(sharedFolder([])).toBe('');
  });
});
