import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kiln, repoRoot, scratchCopy, starter, startKiln, tempDir } from './helpers.js';

describe('kiln CLI', () => {
  it('prints help and version', async () => {
    const help = await kiln(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: kiln <command> \[dir\] \[options\]/);
    for (const cmd of ['dev', 'build', 'preview', 'check', 'init', 'migrate', 'rename', 'schema']) expect(help.stdout).toContain(`kiln ${cmd}`);
    const version = await kiln(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
  });

  it('rejects unknown commands and flags with exit code 2 and a clear message', async () => {
    const cmd = await kiln(['bake']);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toMatchInlineSnapshot(`
      "error  cli/unknown-command  Unknown command "bake".
        Run \`kiln --help\` to see the commands.
      "
    `);
    const flag = await kiln(['build', '--frobnicate']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Unknown option "--frobnicate" for `kiln build`.');
    const port = await kiln(['dev', '--port', 'abc']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('Option --port: "abc" is not a port number (0-65535).');
  });

  it('says so when there is no settings file', async () => {
    const empty = tempDir();
    const result = await kiln(['build', empty.dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`No docs.json or mint.json found in ${empty.dir}.`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    empty.cleanup();
  });

  it('leaves the previous output untouched when a build fails', async () => {
    const site = scratchCopy(starter);
    const out = path.join(site.dir, 'dist');
    expect((await kiln(['build', site.dir])).code).toBe(0);
    const before = readFileSync(path.join(out, 'quickstart.html'), 'utf8');
    writeFileSync(path.join(site.dir, 'docs.json'), '{ "name": 42, "navigation": [] }');
    const failed = await kiln(['build', site.dir]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('docs.json:1:11  error  settings/invalid');
    expect(failed.stderr).toContain(`The previous output in ${path.relative(repoRoot, out)} was left as it was.`);
    expect(readFileSync(path.join(out, 'quickstart.html'), 'utf8')).toBe(before);
    expect(readdirSync(site.dir).filter((n) => n.includes('kiln-tmp'))).toEqual([]);
    site.cleanup();
  });

  it('writes pages, static files and hashed assets, leaving snippets and settings out', async () => {
    const out = tempDir();
    const result = await kiln(['build', starter, '--out', out.dir]);
    expect(result.code).toBe(0);
    for (const f of ['index.html', 'quickstart.html', 'concepts/retries.html', '404.html', 'images/architecture.svg', 'logo/light.svg', 'favicon.svg']) {
      expect(existsSync(path.join(out.dir, f)), f).toBe(true);
    }
    expect(existsSync(path.join(out.dir, 'docs.json'))).toBe(false);
    expect(existsSync(path.join(out.dir, 'snippets'))).toBe(false);
    const assets = readdirSync(path.join(out.dir, '_kiln/assets'));
    // The theme's CSS and JS, and the search dialog (loaded on demand), each content-hashed.
    expect(assets.filter((a) => /^kiln\./.test(a))).toHaveLength(2);
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/^kiln-search\.[0-9a-f]{10}\.js$/)]));
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/^kiln\.[0-9a-f]{10}\.css$/), expect.stringMatching(/^kiln\.[0-9a-f]{10}\.js$/)]));
    out.cleanup();
  });

  it('moves to the next port when the requested one is busy', async () => {
    const blocker = createServer();
    const port: number = await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    const server = await startKiln(['dev', starter, '--port', String(port)]);
    expect(server.url).not.toBe(`http://127.0.0.1:${port}`);
    expect(server.output()).toContain(`Port ${port} is busy, using `);
    await server.stop();
    blocker.close();
  });

  it('renames a page from the command line, listing each change; --dry-run writes nothing', async () => {
    const site = scratchCopy(path.join(repoRoot, 'src/node/rename/fixtures/site'));
    const missing = await kiln(['rename', 'guides/setup']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error  cli/missing-argument  `kiln rename` needs more arguments: kiln rename <old> <new> [dir] [--dry-run].');

    const dry = await kiln(['rename', 'guides/setup', 'guides/install', site.dir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n').slice(0, 3)).toEqual([
      'Would move guides/setup.mdx to guides/install.mdx (dry run: nothing is written)',
      '  guides/other.mdx:6:19  ./setup → ./install',
      '  guides/other.mdx:6:44  ../guides/setup/ → install/',
    ]);
    expect(dry.stdout).toContain('  docs.json:17:9  redirects[1]  + /guides/setup → /guides/install\n');
    expect(dry.stderr).toContain('15 changes in 5 files would be made; run again without --dry-run to make them.');
    expect(existsSync(path.join(site.dir, 'guides/setup.mdx'))).toBe(true);

    const done = await kiln(['rename', 'guides/setup', 'guides/install', site.dir]);
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('✓ Moved guides/setup.mdx to guides/install.mdx; 15 changes in 5 files.');
    expect(existsSync(path.join(site.dir, 'guides/install.mdx'))).toBe(true);
    site.cleanup();
  });
});
