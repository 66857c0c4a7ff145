import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './load.js';
import type { NavigationEntry } from './types.js';

// Repo root is four levels up from src/node/settings; the corpus sits beside the repo.
const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
const sites = readdirSync(CORPUS).filter((d) => statSync(path.join(CORPUS, d)).isDirectory());

const NAV_KEYS = new Set(['navigation', 'pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'versions', 'languages', 'products', 'menu', 'global']);

/** Every string page entry of a raw navigation value, whatever the layout; `$ref`s are read from `dir`. */
function rawPages(v: unknown, dir: string, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => (typeof x === 'string' ? out.push(x) : rawPages(x, dir, out)));
  else if (v && typeof v === 'object') {
    const ref = (v as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const file = path.resolve(dir, ref);
      return rawPages(JSON.parse(readFileSync(file, 'utf8')), path.dirname(file), out);
    }
    // Only what holds pages: other arrays of strings (`examples.languages`) are not pages.
    for (const [k, x] of Object.entries(v)) if (NAV_KEYS.has(k)) rawPages(x, dir, out);
  }
  return out;
}

function pagesOf(entries: readonly NavigationEntry[], out: string[] = []): string[] {
  for (const e of entries) typeof e === 'string' ? out.push(e) : pagesOf(e.pages, out);
  return out;
}

describe('corpus settings', () => {
  it('finds the corpus', () => expect(sites).toHaveLength(40));

  it.each(sites)('%s loads without errors and keeps every page', async (site) => {
    const { settings, diagnostics } = await loadSettings(path.join(CORPUS, site));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(settings).not.toBeNull();
    const raw = JSON.parse(readFileSync(settings!.file, 'utf8')) as { navigation: unknown };
    expect(pagesOf(settings!.navigation).sort()).toEqual(rawPages(raw.navigation, path.dirname(settings!.file)).sort());
  });
});
