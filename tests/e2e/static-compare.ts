import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { kiln, offlineEnv } from './helpers.js';

// Static pages are rendered from their final tree instead of compiled code (mdx/plugins/
// rehype-static-content.ts). Both ways must write the same site, file for file:
// static-content.test.ts on the example, static-content.corpus.test.ts on corpus sites.

/** Every file of a build but the search index, whose files Pagefind names differently from build to build. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (f.startsWith('_kiln/search/')) continue;
    try {
      out.set(f, readFileSync(path.join(dir, f), 'latin1'));
    } catch {
      /* a folder */
    }
  }
  return out;
}

/** Build `site` into `scratch` from compiled code and from static trees; the two must be the same files. */
export async function expectStaticBuildsAgree(site: string, scratch: string): Promise<void> {
  const name = path.basename(site);
  const build = async (mode: string) => {
    const out = path.join(scratch, `${name}-${mode}`);
    const r = await kiln(['build', site, '--out', out, '--no-cache'], { timeoutMs: 600_000, env: { ...offlineEnv, KILN_MDX_STATIC: mode } });
    // No stack frame (`at fn (file:1:2)`); a finding's `at navigation.tabs[0]…` line is not one.
    expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)?\n/);
    return files(out);
  };
  const code = await build('0');
  const fromTrees = await build('1');
  expect(code.size).toBeGreaterThan(10);
  expect([...fromTrees.keys()].sort()).toEqual([...code.keys()].sort());
  const differ = [...code].filter(([f, text]) => fromTrees.get(f) !== text).map(([f]) => f);
  expect(differ).toEqual([]);
}
