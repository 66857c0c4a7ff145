import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renamePage } from './rename.js';

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const made: string[] = [];

/** A scratch copy of a fixture folder. */
function copy(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-rename-'));
  made.push(dir);
  cpSync(path.join(fixtures, name), dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** Every file of a folder with its content, to tell that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = path.join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[path.relative(dir, abs)] = readFileSync(abs, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('kiln rename', () => {
  it('moves the page and rewrites every link, navigation entry and redirect that named it, in the style each was written', async () => {
    const dir = copy('site');
    const result = await renamePage({ root: dir, from: 'guides/setup', to: 'tutorials/getting-started/install' });
    expect(result.moved).toEqual({ from: 'guides/setup.mdx', to: 'tutorials/getting-started/install.mdx' });
    expect(existsSync(path.join(dir, 'guides/setup.mdx'))).toBe(false);

    expect(read(dir, 'index.mdx')).toBe(`---
title: "Home"
description: "Links to the setup page in every form."
---

Read [the setup guide](/tutorials/getting-started/install) or jump to [installing](/tutorials/getting-started/install#install "Install").
A relative link: [setup](tutorials/getting-started/install). A reference: [the guide][setup].
Not the page: [more setup](/guides/setup-more), [other](/guides/other), [external](https://example.com/guides/setup).

<Card title="Setup" href="/tutorials/getting-started/install" icon="gear">
  Start with [the guide](</tutorials/getting-started/install>).
</Card>

[setup]: /tutorials/getting-started/install.mdx
`);
    expect(read(dir, 'guides/other.mdx')).toContain('See [the sibling](../tutorials/getting-started/install), [with a slash](../tutorials/getting-started/install/) and [this page](#top).');
    expect(read(dir, 'snippets/note.mdx')).toBe('A snippet links [to setup](/tutorials/getting-started/install).\n');

    // The moved page's own relative URLs still lead where they did.
    expect(read(dir, 'tutorials/getting-started/install.mdx')).toBe(`---
title: "Setup"
description: "The page that moves."
---

import Note from '../../snippets/note.mdx';

## Install

Next, read [the other guide](../../guides/other) or go [home](../../). Back to [the top](./install#install).

![Diagram](../../images/diagram.svg)

<Note />
`);

    // The settings keep their layout: only the values change, and the redirect is added in the file's own indentation.
    expect(read(dir, 'docs.json')).toBe(`{
    "$schema": "https://mintlify.com/docs.json",
    "theme": "mint",
    "name": "Rename fixture",
    "colors": { "primary": "#0E7C66" },
    "navbar": {
        "links": [{ "label": "Setup", "href": "/tutorials/getting-started/install#install" }]
    },
    "navigation": {
        "groups": [
            { "group": "Start", "pages": ["index", "tutorials/getting-started/install", "guides/other"] },
            { "group": "Nested", "pages": [{ "group": "Inner", "pages": ["/tutorials/getting-started/install.mdx", "broken"] }] }
        ]
    },
    "redirects": [
        { "source": "/start", "destination": "/tutorials/getting-started/install" },
        {
            "source": "/guides/setup",
            "destination": "/tutorials/getting-started/install"
        }
    ]
}
`);
  });

  it('leaves a file it cannot parse as it was, and says so with the position', async () => {
    const dir = copy('site');
    const result = await renamePage({ root: dir, from: 'guides/setup.mdx', to: 'guides/install' });
    expect(read(dir, 'broken.mdx')).toBe(readFileSync(path.join(fixtures, 'site/broken.mdx'), 'utf8'));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'rename/unparsed-file', severity: 'warning', file: path.join(dir, 'broken.mdx'), line: 8, column: 1 });
    expect(result.diagnostics[0]!.message).toMatch(/^Links in this file were not rewritten: it does not parse as MDX \(.+\)\.$/);
  });

  it('lists the changes and writes nothing with --dry-run', async () => {
    const dir = copy('site');
    const before = snapshot(dir);
    const result = await renamePage({ root: dir, from: 'guides/setup', to: 'guides/install', dryRun: true });
    expect(snapshot(dir)).toEqual(before);
    const lines = result.changes.map((c) => `${path.relative(dir, c.file)}:${c.line}:${c.column} ${c.jsonPath ?? ''} ${c.before ?? '+'} → ${c.after}`);
    expect(lines).toEqual([
      'guides/other.mdx:6:19  ./setup → ./install',
      'guides/other.mdx:6:44  ../guides/setup/ → install/',
      'guides/setup.mdx:10:76  ./setup#install → ./install#install',
      'index.mdx:6:24  /guides/setup → /guides/install',
      'index.mdx:6:63  /guides/setup#install → /guides/install#install',
      'index.mdx:7:26  guides/setup → guides/install',
      'index.mdx:10:27  /guides/setup → /guides/install',
      'index.mdx:11:27  /guides/setup → /guides/install',
      'index.mdx:14:10  /guides/setup.mdx → /guides/install.mdx',
      'snippets/note.mdx:1:28  /guides/setup → /guides/install',
      'docs.json:7:47 navbar.links[0].href /guides/setup#install → /guides/install#install',
      'docs.json:11:52 navigation.groups[0].pages[1] guides/setup → guides/install',
      'docs.json:12:74 navigation.groups[1].pages[0].pages[0] /guides/setup.mdx → /guides/install.mdx',
      'docs.json:16:46 redirects[0].destination /guides/setup → /guides/install',
      'docs.json:17:9 redirects[1] + → /guides/setup → /guides/install',
    ]);
  });

  it('adds `redirects` to a classic mint.json that has none', async () => {
    const dir = copy('classic');
    await renamePage({ root: dir, from: 'setup', to: 'start/setup' });
    expect(read(dir, 'intro.mdx')).toContain('[Setup](/start/setup)');
    expect(read(dir, 'mint.json')).toBe(`{
	"name": "Classic",
	"navigation": [
		{ "group": "Start", "pages": ["intro", "start/setup"] }
	],
	"redirects": [
		{
			"source": "/setup",
			"destination": "/start/setup"
		}
	]
}
`);
  });

  it('refuses, changing nothing, what it cannot do', async () => {
    const dir = copy('site');
    const before = snapshot(dir);
    const codes = async (from: string, to: string) => (await renamePage({ root: dir, from, to })).diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(await codes('guides/nope', 'x')).toEqual(['rename/not-a-page: "guides/nope" is not a page of this docs folder (no such .mdx or .md file outside snippets/); nothing was changed.']);
    expect(await codes('snippets/note', 'x')).toEqual(['rename/not-a-page: "snippets/note" is not a page of this docs folder (no such .mdx or .md file outside snippets/); nothing was changed.']);
    expect(await codes('guides/setup', 'guides/other')).toEqual(['rename/target-exists: "guides/other.mdx" already exists; `kiln rename` does not overwrite a file, so nothing was changed.']);
    expect(await codes('guides/setup', '../outside')).toEqual(['rename/invalid-target: "../outside" cannot be the new path: it is outside the docs folder; nothing was changed.']);
    expect(await codes('guides/setup', 'snippets/setup')).toEqual(['rename/invalid-target: "snippets/setup" cannot be the new path: files under snippets/ are not pages; nothing was changed.']);
    expect(await codes('guides/setup', 'guides/setup.md')).toEqual(['rename/invalid-target: "guides/setup.md" cannot be the new path: it is the same page; nothing was changed.']);
    expect(snapshot(dir)).toEqual(before);
  });
});
