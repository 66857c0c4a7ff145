import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadNativeGrammar, NATIVE_LANGUAGES } from '../../src/node/highlight/native-grammars.js';
import { kiln, repoRoot, startKiln, tempDir, type KilnServer } from './helpers.js';

// What a user gets from the registry: `npm pack` (what `npm publish` uploads), installed into an
// empty folder outside the repository, running on a docs folder there. The folder gets a lockfile
// made from this repository's, so npm takes the tested versions from its cache (`npm ci` here
// filled it). The repository's `overrides` are not copied: npm applies them only to the root
// project, and a user's project has none of Kiln's. So npm resolves what they changed as a user's
// npm does, asking the registry (rehype-katex's own katex ^0.16): on a fresh machine npm's cache has
// the tarballs `npm ci` fetched but not the registry's package lists, and `--offline` failed there.

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

const scratch = tempDir();
afterAll(() => scratch.cleanup());
let server: KilnServer | undefined;
afterAll(() => server?.stop());

function npm(args: string[], cwd: string): string {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, timeout: 480_000 });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  return run.stdout;
}

/** Files of a folder of the repository, relative to the repository. */
function filesUnder(dir: string): string[] {
  return (readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** An app folder that depends on the tarball, locked to the versions this repository was tested with. */
function appFolder(dir: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean } & Record<string, unknown>> };
  const spec = `file:${path.relative(dir, tarball)}`;
  const packages: Record<string, unknown> = {
    '': { name: 'kiln-user', dependencies: { [manifest.name]: spec } },
    [`node_modules/${manifest.name}`]: { version: manifest.version, resolved: spec, dependencies: manifest.dependencies, optionalDependencies: manifest.optionalDependencies, bin: { kiln: 'bin/kiln.js' }, engines: { node: '>=20.19' } },
  };
  for (const [key, entry] of Object.entries(lock.packages)) if (key && !entry.dev) packages[key] = entry;
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'kiln-user', private: true, dependencies: { [manifest.name]: spec } }, null, 2));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ name: 'kiln-user', lockfileVersion: 3, requires: true, packages }, null, 2));
}

describe('the npm package', () => {
  it('installs from its tarball into an empty folder and runs kiln init, build, check and dev there', async () => {
    // `prepare` (build:pkg) is skipped: the tests run after it (`pretest`).
    const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch.dir], repoRoot)) as { name: string; filename: string; files: { path: string }[] }[];
    expect(packed!.name).toBe('kiln-docs');
    const tarball = path.join(scratch.dir, packed!.filename);

    // Every file Kiln reads at run time is in it; sources, tests and tsc's unbundled output are not.
    const inside = new Set(packed!.files.map((f) => f.path));
    const runtime = ['lib/bundle', 'lib/client', 'lib/grammars', 'lib/openapi-validators', 'templates/starter'].flatMap(filesUnder).filter((f) => !f.endsWith('.map'));
    expect(runtime.filter((f) => !inside.has(f))).toEqual([]);
    for (const f of ['bin/kiln.js', 'lib/docs.schema.json', 'package.json', 'README.md']) expect(inside.has(f), f).toBe(true);
    expect(runtime.filter((f) => f.startsWith('lib/grammars/')).length).toBeGreaterThan(100);
    expect([...inside].filter((f) => /^(src|tests|bench|examples|scripts|lib\/node|lib\/cli)\//.test(f) || f.endsWith('.map'))).toEqual([]);

    // Installed into an empty folder outside the repository: `prepare` does not run there (it
    // would need TypeScript, a devDependency, which the user does not get).
    const app = path.join(scratch.dir, 'app');
    mkdirSync(app);
    appFolder(app, tarball);
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    expect(existsSync(path.join(app, 'node_modules', 'typescript'))).toBe(false);
    // The native grammars (optional dependencies) come along and load where the installed Kiln
    // loads them from: highlighting takes its fast path for every language it has one for.
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) expect(existsSync(path.join(app, 'node_modules', name, 'package.json')), name).toBe(true);
    const installedRequire = createRequire(path.join(app, 'node_modules', manifest.name, 'lib', 'bundle', 'cli.js'));
    const natives = [...new Set(Object.values(NATIVE_LANGUAGES))];
    expect(natives.filter((name) => loadNativeGrammar(name, installedRequire)?.parse('x') == null)).toEqual([]);
    expect(npm(['ls', '--all'], app)).not.toMatch(/\sinvalid\b/);
    const bin = path.join(app, 'node_modules', '.bin', 'kiln');
    expect((await kiln(['--version'], { bin, cwd: app })).stdout).toBe(`${manifest.version}\n`);
    const help = (await kiln(['--help'], { bin, cwd: app })).stdout;
    for (const verb of ['dev', 'build', 'preview', 'check', 'init', 'migrate', 'rename', 'schema']) expect(help).toContain(`kiln ${verb}`);
    expect(existsSync(path.join(app, 'node_modules', manifest.name, 'lib', 'docs.schema.json'))).toBe(true);

    const docs = path.join(scratch.dir, 'docs');
    const init = await kiln(['init', docs], { bin, cwd: scratch.dir });
    expect(init.code, init.stderr).toBe(0);

    const check = await kiln(['check', docs], { bin, cwd: scratch.dir });
    expect(check.code, check.stdout).toBe(0);
    expect(check.stdout).toMatch(/^7 pages checked: 0 errors, 0 warnings, 0 notes in /m);

    // A page that needs files of the installed dependencies: an island (React, esbuild), math (KaTeX), a diagram (Mermaid).
    writeFileSync(path.join(docs, 'extras.mdx'), `---
title: "Extras"
description: "Features that load files from the installed packages."
---

export const Counter = () => {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>Clicked {n} times</button>;
};

<Counter />

$$
E = mc^2
$$

\`\`\`mermaid
graph LR
  A --> B
\`\`\`

\`\`\`python
print(f"{n} ok")  # note
\`\`\`

\`\`\`rust
fn main() { println!("{}", 1); }
\`\`\`

\`\`\`yaml
retries: 3 # note
\`\`\`

\`\`\`sql
SELECT name FROM plants WHERE id = 1; -- kiln-sql-check
\`\`\`
`);
    // KILN_DEBUG names a native grammar that did not load (Shiki then takes its blocks), and grammar
    // tables or code themes written at package build time that were not used (then made as first used).
    const build = await kiln(['build', docs], { bin, cwd: scratch.dir, env: { KILN_DEBUG: '1' } });
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/did not load/);
    expect(build.stderr).not.toMatch(/grammar tables|code themes/);
    expect(build.stderr).toMatch(/✓ 12 pages written, 0 failed, \d+ files copied; 0 errors, 0 warnings/);
    const extras = readFileSync(path.join(docs, 'dist', 'extras.html'), 'utf8');
    expect(extras).toContain('data-kiln-island');
    expect(extras).toMatch(/class="katex/);
    // A language only Shiki has, its grammar a module of @shikijs/langs, which the bundle loads by
    // name: keywords, comment and the rest each in their own colour.
    const sql = extras.slice(extras.lastIndexOf('<pre', extras.indexOf('kiln-sql-check')), extras.indexOf('</pre>', extras.indexOf('kiln-sql-check')));
    expect(new Set(sql.match(/--shiki-light:#\w+/g)).size, sql).toBeGreaterThanOrEqual(4);
    expect(readdirSync(path.join(docs, 'dist', '_kiln', 'islands')).some((f) => f.endsWith('.js'))).toBe(true);
    expect(existsSync(path.join(docs, 'dist', 'api-reference', 'list-plants.html'))).toBe(true);

    server = await startKiln(['dev', docs, '--port', '0'], { bin, cwd: scratch.dir });
    for (const [url, text] of [['/', '<title>Introduction'], ['/essentials/components', 'Callouts'], ['/api-reference/list-plants', 'List plants'], ['/extras', 'data-kiln-island']]) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain(text);
    }
  }, 900_000);
});
