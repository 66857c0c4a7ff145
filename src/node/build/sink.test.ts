import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownStore } from './sink.js';

describe('MarkdownStore', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives back each page’s Markdown as it was set, the last one set for a page winning', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-sink-'));
    const store = new MarkdownStore(path.join(dir, 'md'));
    const texts = new Map([
      ['/a', '# A\n\nPlain.\n'],
      ['/b', '# Bé — “quoted” 日本語 🔥\n'],
      ['/c', ''],
    ]);
    for (const [url, text] of texts) store.set(url, text);
    store.set('/a', '# A again\n');
    expect(store.get('/b')).toBe(texts.get('/b'));
    expect(store.get('/c')).toBe('');
    expect(store.get('/a')).toBe('# A again\n');
    expect(store.has('/b')).toBe(true);
    expect(store.get('/missing')).toBeUndefined();
    expect(store.has('/missing')).toBe(false);
  });

  it('removes its file when closed, and is empty after', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-sink-'));
    const file = path.join(dir, 'md');
    const store = new MarkdownStore(file);
    store.set('/a', 'A\n');
    expect(existsSync(file)).toBe(true);
    store.close();
    expect(existsSync(file)).toBe(false);
    expect(store.get('/a')).toBeUndefined();
  });
});
