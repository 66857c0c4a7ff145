import { describe, expect, it } from 'vitest';
import { loadFixture } from './test-helpers.js';

describe('$ref in the settings', () => {
  it('replaces references by the files they name, nested and root-relative, keys beside a reference on top', async () => {
    const { settings, text } = await loadFixture('ref-basic');
    expect(text).toMatchInlineSnapshot(`
      "config/groups/guides.json:3:3  warning  settings/unknown-key  Unknown setting \`colour\` in \`navigation.groups[1]\`; it is ignored.
        at navigation.groups[1].colour
        Check the spelling against the settings reference.
          1 | {
          2 |   "group": "Guides",
        > 3 |   "colour": "red",
            |   ^
          4 |   "pages": ["guides/first"]
          5 | }"
    `);
    expect(settings?.navigation.map((g) => [g.group, g.pages])).toEqual([
      ['Get started', ['index', 'quickstart']],
      ['Guides', ['guides/first']],
    ]);
    // `strict` beside the reference wins over the file's.
    expect(settings?.modeToggle).toEqual({ default: 'dark', isHidden: true });
    expect(settings?.redirects).toEqual([{ source: '/old', destination: '/quickstart' }]);
    expect(settings?.sources).toEqual(['docs.json', 'config/appearance.json', 'config/navigation.json', 'config/groups/guides.json', 'config/redirects.json']);
  });

  it('reports a circular chain of references with every file in it', async () => {
    const { settings, text } = await loadFixture('ref-cycle');
    expect(settings).toBeNull();
    expect(text).toMatchInlineSnapshot(`
      "config/b.json:3:23  error  settings/ref-cycle  Circular \`$ref\`: config/a.json → config/b.json → config/a.json.
        at navigation.groups[0].pages[0].$ref
        A referenced file must not name, directly or through others, a file that references it.
          1 | {
          2 |   "group": "B",
        > 3 |   "pages": [{ "$ref": "a.json" }]
            |                       ^
          4 | }
          5 |"
    `);
  });

  it('reports missing files, paths outside the folder, non-strings and broken JSON, each at its place', async () => {
    const { settings, text } = await loadFixture('ref-errors');
    expect(settings).toBeNull();
    expect(text).toMatchInlineSnapshot(`
      "docs.json:6:17  error  settings/ref-not-found  \`$ref\` names "missing.json", which does not exist.
        at navigation.groups[0].$ref
        A \`$ref\` path is relative to the file that holds it (a leading / means the docs folder); check the spelling.
          4 |   "navigation": {
          5 |     "groups": [
        > 6 |       { "$ref": "./missing.json" },
            |                 ^
          7 |       { "$ref": "../outside.json" },
          8 |       { "$ref": 42 },

      docs.json:7:17  error  settings/ref-outside  \`$ref\` "../outside.json" points outside the docs folder; references must stay inside it.
        at navigation.groups[1].$ref
        Move the file into the docs folder and name it with a relative path such as "./config/navigation.json".
          5 |     "groups": [
          6 |       { "$ref": "./missing.json" },
        > 7 |       { "$ref": "../outside.json" },
            |                 ^
          8 |       { "$ref": 42 },
          9 |       { "$ref": "./pages.json", "group": "Ignored" },

      docs.json:8:17  error  settings/invalid  \`navigation.groups[2].$ref\`: expected a relative path to a JSON file, found a number.
           6 |       { "$ref": "./missing.json" },
           7 |       { "$ref": "../outside.json" },
        >  8 |       { "$ref": 42 },
             |                 ^
           9 |       { "$ref": "./pages.json", "group": "Ignored" },
          10 |       { "$ref": "./broken.json" }

      docs.json:9:33  warning  settings/ref-siblings-ignored  \`group\` beside \`$ref\` "./pages.json" is ignored: the file does not hold an object to merge it into.
        at navigation.groups[3].group
        Keys beside a \`$ref\` are merged only into an object; put them in the referenced file instead.
           7 |       { "$ref": "../outside.json" },
           8 |       { "$ref": 42 },
        >  9 |       { "$ref": "./pages.json", "group": "Ignored" },
             |                                 ^
          10 |       { "$ref": "./broken.json" }
          11 |     ]

      broken.json:3:17  error  settings/invalid-json  The settings file is not valid JSON: expected a comma.
        Fix the JSON syntax at the marked position (a missing comma or quote is the usual cause).
          1 | {
          2 |   "group": "Broken",
        > 3 |   "pages": ["a" "b"]
            |                 ^
          4 | }
          5 |"
    `);
  });

  it('places a wrong value inside a referenced file at that file, line and column', async () => {
    const { settings, text } = await loadFixture('ref-invalid');
    expect(settings).toBeNull();
    expect(text).toMatchInlineSnapshot(`
      "nav/group.json:3:15  error  settings/invalid  \`navigation.groups[0].expanded\`: expected a boolean, found a string.
          1 | {
          2 |   "group": "Guides",
        > 3 |   "expanded": "yes",
            |               ^
          4 |   "pages": ["index"]
          5 | }"
    `);
  });
});
