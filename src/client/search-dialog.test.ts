import { describe, expect, it, vi } from 'vitest';

// The module registers itself on `window`; a bare stand-in is enough to import its helpers.
vi.stubGlobal('window', {});
const { rankTitleFirst } = await import('./search-dialog.js');

const items = ['Retrieve a job', 'Create a job', 'Retries and backoff', 'Queues, concurrency'].map((title) => ({ title }));

describe('search ranking', () => {
  it('puts pages whose title matches the query first, keeping the engine order otherwise', () => {
    expect(rankTitleFirst(items, 'retry').map((i) => i.title)).toEqual(['Retries and backoff', 'Retrieve a job', 'Create a job', 'Queues, concurrency']);
    expect(rankTitleFirst(items, 'queue').map((i) => i.title)[0]).toBe('Queues, concurrency');
    expect(rankTitleFirst(items, 'retri').map((i) => i.title).slice(0, 2)).toEqual(['Retrieve a job', 'Retries and backoff']);
    expect(rankTitleFirst(items, 'create job').map((i) => i.title)[0]).toBe('Create a job');
    expect(rankTitleFirst(items, '')).toEqual(items);
  });
});
