import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { anchorKey, matchAnchor } from './anchor-key.js';

describe('anchors spelled for Mintlify', () => {
  // Links found in the corpus, each beside the heading it means.
  it.each([
    ['option-2:-remote-server-deployment', 'Option 2: Remote Server Deployment'],
    ['real-time-metrics-&-monitoring', 'Real-Time Metrics & Monitoring'],
    ['error-🤖', 'error 🤖'],
    ['what’s-next', "What's next?"],
    ['3-InitContainer', '3. InitContainer'],
    ['getAllMics', 'getAllMics()'],
  ])('%s finds the heading "%s"', (fragment, heading) => {
    const id = new GithubSlugger().slug(heading);
    expect(matchAnchor(fragment, ['overview', id, 'afterwards'])).toBe(id);
  });

  it("finds a <ParamField> by Mintlify's id for it, param-<name>", () => {
    expect(matchAnchor('param-type', ['type', 'path-type', 'query-types'])).toBe('path-type');
    expect(matchAnchor('param-on-error', ['body-onError'])).toBe('body-onError');
    expect(matchAnchor('param-type', ['param', 'query-kind'])).toBeUndefined();
  });

  it('prefers the exact id, then the first with the same letters and digits; none without', () => {
    expect(matchAnchor('error-', ['error', 'error-'])).toBe('error-');
    expect(matchAnchor('Error', ['errors', 'error', 'error-'])).toBe('error');
    expect(matchAnchor('no-such-heading', ['getting-started'])).toBeUndefined();
    expect(matchAnchor('🤖', ['error-', 'section'])).toBeUndefined();
    expect(anchorKey('Ünïcode — Straße')).toBe('ünïcodestraße');
  });
});
