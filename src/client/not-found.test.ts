import { describe, expect, it } from 'vitest';
import { suggest } from './not-found.js';

const pages = [
  { u: '/concepts/retries', t: 'Retries and backoff' },
  { u: '/concepts/jobs', t: 'Jobs: the unit of background work' },
  { u: '/guides/scheduling', t: 'Schedule delayed and recurring jobs' },
  { u: '/quickstart', t: 'Quickstart' },
];

describe('404 suggestions', () => {
  it('finds the page a mistyped or moved path meant', () => {
    expect(suggest('/concepts/retrys', pages)[0]!.u).toBe('/concepts/retries');
    expect(suggest('/docs/quick-start', pages)[0]!.u).toBe('/quickstart');
    expect(suggest('/scheduling', pages)[0]!.u).toBe('/guides/scheduling');
  });
  it('suggests nothing for an unrelated path', () => {
    expect(suggest('/zzz/qqq', pages)).toEqual([]);
  });
});
