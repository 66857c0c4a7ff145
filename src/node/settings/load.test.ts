import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, parseSettings } from './load.js';
import { loadFixture } from './test-helpers.js';

describe('loadSettings', () => {
  it('accepts a file using every property and applies defaults', async () => {
    const { settings, diagnostics } = await loadFixture('valid-full');
    // The only finding: a note that the Pro icon `rectangle-terminal` is shown as the free `terminal`.
    expect(diagnostics.map((d) => `${d.code} ${d.jsonPath}`)).toEqual(['icon/pro-substitute anchors[0].icon']);
    expect(settings).toMatchInlineSnapshot(`
      {
        "anchors": [
          {
            "color": "#2563eb",
            "icon": "rectangle-terminal",
            "iconType": "solid",
            "isDefaultHidden": false,
            "name": "API Reference",
            "openapi": "/api-reference/openapi.json",
            "settingsPath": [
              "anchors",
              0,
            ],
            "url": "api-reference",
            "version": "v2",
          },
          {
            "color": {
              "from": "#5865f2",
              "to": "#404eed",
            },
            "icon": "discord",
            "iconType": "duotone",
            "isDefaultHidden": false,
            "name": "Community",
            "settingsPath": [
              "anchors",
              1,
            ],
            "url": "https://acme.dev/community",
          },
        ],
        "api": {
          "auth": {
            "inputPrefix": "Bearer ",
            "method": "bearer",
            "name": "Authorization",
          },
          "baseUrl": [
            "https://api.acme.dev",
          ],
          "maintainOrder": true,
          "playground": {
            "mode": "simple",
          },
        },
        "backgroundImage": "/background.png",
        "colors": {
          "anchors": {
            "from": "#0D9373",
            "to": "#07C983",
          },
          "background": {
            "dark": "#0f1117",
            "light": "#fff",
          },
          "dark": "#0D9373cc",
          "light": "#07C983",
          "primary": "#0D9373",
        },
        "favicon": "/favicon.svg",
        "feedback": {
          "raiseIssue": true,
          "suggestEdit": true,
        },
        "file": "docs.json",
        "footerSocials": [
          {
            "type": "x",
            "url": "https://x.com/acme",
          },
          {
            "type": "github",
            "url": "https://github.com/acme",
          },
          {
            "type": "hacker-news",
            "url": "https://news.ycombinator.com",
          },
        ],
        "layout": "classic",
        "logo": {
          "dark": "/logo/dark.svg",
          "href": "https://acme.dev",
          "light": "/logo/light.svg",
        },
        "modeToggle": {
          "default": "dark",
          "isHidden": true,
        },
        "name": "Acme",
        "navigation": [
          {
            "group": "Get started",
            "icon": "rocket",
            "iconType": "duotone",
            "pages": [
              "introduction",
              "quickstart",
              {
                "group": "Nested",
                "pages": [
                  "nested/one",
                  {
                    "group": "Deeper",
                    "pages": [
                      "nested/deeper/two",
                    ],
                    "settingsPath": [
                      "navigation",
                      0,
                      "pages",
                      2,
                      "pages",
                      1,
                    ],
                  },
                ],
                "settingsPath": [
                  "navigation",
                  0,
                  "pages",
                  2,
                ],
              },
            ],
            "settingsPath": [
              "navigation",
              0,
            ],
          },
          {
            "group": "Old",
            "pages": [
              "v1/introduction",
            ],
            "settingsPath": [
              "navigation",
              1,
            ],
            "version": "v1",
          },
        ],
        "openapi": [
          "openapi.yaml",
        ],
        "sources": [
          "docs.json",
        ],
        "tabs": [
          {
            "name": "SDKs",
            "openapi": "sdks/openapi.yaml",
            "settingsPath": [
              "tabs",
              0,
            ],
            "url": "sdks",
          },
        ],
        "topAnchor": {
          "icon": "book",
          "iconType": "regular",
          "name": "Guides",
        },
        "topbarCtaButton": {
          "name": "Dashboard",
          "type": "link",
          "url": "https://app.acme.dev",
        },
        "topbarLinks": [
          {
            "name": "Support",
            "url": "mailto:help@acme.dev",
          },
        ],
        "versions": [
          "v2",
          "v1",
        ],
      }
    `);
  });

  it('reports invalid JSON at the offending character', async () => {
    const { settings, diagnostics, text } = await loadFixture('invalid-json');
    expect(settings).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(text).toMatchInlineSnapshot(`
      "docs.json:5:5  error  settings/invalid-json  The settings file is not valid JSON: expected a comma.
        Fix the JSON syntax at the marked position (a missing comma or quote is the usual cause).
          3 |   "navigation": [
          4 |     { "group": "Get started", "pages": ["introduction"] }
        > 5 |     { "group": "Guides", "pages": ["guides/one"] }
            |     ^
          6 |   ]
          7 | }"
    `);
  });

  it('reports every wrong value at once, in file order', async () => {
    const { settings, diagnostics, text } = await loadFixture('wrong-types');
    expect(settings).toBeNull();
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.jsonPath}`)).toMatchInlineSnapshot(`
      [
        "3:11 logo",
        "4:26 colors.primary",
        "4:59 colors.background.dark",
        "6:57 navigation[0].pages[1]",
        "6:90 navigation[0].pages[2].pages",
        "7:5 navigation[1].group",
        "9:22 topbarCtaButton.name",
        "10:58 anchors[0].iconType",
        "11:32 feedback.suggestEdit",
        "12:25 openapi[1]",
      ]
    `);
    expect(text).toMatchInlineSnapshot(`
      "docs.json:3:11  error  settings/invalid  \`logo\`: expected a logo path (string) or an object with \`light\` and \`dark\`, found a number.
          1 | {
          2 |   "name": "Acme",
        > 3 |   "logo": 42,
            |           ^
          4 |   "colors": { "primary": "green", "background": { "dark": "#12" } },
          5 |   "navigation": [

      docs.json:4:26  error  settings/invalid  \`colors.primary\`: expected a hex colour such as "#0d9373", found "green".
          2 |   "name": "Acme",
          3 |   "logo": 42,
        > 4 |   "colors": { "primary": "green", "background": { "dark": "#12" } },
            |                          ^
          5 |   "navigation": [
          6 |     { "group": "Get started", "pages": ["introduction", 7, { "group": "Nested", "pages": "nested/one" }] },

      docs.json:4:59  error  settings/invalid  \`colors.background.dark\`: expected a hex colour such as "#0d9373", found "#12".
          2 |   "name": "Acme",
          3 |   "logo": 42,
        > 4 |   "colors": { "primary": "green", "background": { "dark": "#12" } },
            |                                                           ^
          5 |   "navigation": [
          6 |     { "group": "Get started", "pages": ["introduction", 7, { "group": "Nested", "pages": "nested/one" }] },

      docs.json:6:57  error  settings/invalid  \`navigation[0].pages[1]\`: expected a page path (string) or a group object with \`group\` and \`pages\`, found a number.
          4 |   "colors": { "primary": "green", "background": { "dark": "#12" } },
          5 |   "navigation": [
        > 6 |     { "group": "Get started", "pages": ["introduction", 7, { "group": "Nested", "pages": "nested/one" }] },
            |                                                         ^
          7 |     { "pages": ["guides/one"] }
          8 |   ],

      docs.json:6:90  error  settings/invalid  \`navigation[0].pages[2].pages\`: expected an array, found a string.
          4 |   "colors": { "primary": "green", "background": { "dark": "#12" } },
          5 |   "navigation": [
        > 6 |     { "group": "Get started", "pages": ["introduction", 7, { "group": "Nested", "pages": "nested/one" }] },
            |                                                                                          ^
          7 |     { "pages": ["guides/one"] }
          8 |   ],

      docs.json:7:5  error  settings/missing  \`navigation[1].group\` is required: expected a string (the group name).
          5 |   "navigation": [
          6 |     { "group": "Get started", "pages": ["introduction", 7, { "group": "Nested", "pages": "nested/one" }] },
        > 7 |     { "pages": ["guides/one"] }
            |     ^
          8 |   ],
          9 |   "topbarCtaButton": { "url": "https://app.acme.dev" },

      docs.json:9:22  error  settings/missing  \`topbarCtaButton.name\` is required: expected a string (the button text; required unless \`type\` is "github").
           7 |     { "pages": ["guides/one"] }
           8 |   ],
        >  9 |   "topbarCtaButton": { "url": "https://app.acme.dev" },
             |                      ^
          10 |   "anchors": [{ "name": "API", "url": "api", "iconType": "outline" }],
          11 |   "feedback": { "suggestEdit": "yes" },

      docs.json:10:58  error  settings/invalid  \`anchors[0].iconType\`: expected one of "brands", "duotone", "light", "sharp-solid", "solid", "thin", "regular", found "outline".
           8 |   ],
           9 |   "topbarCtaButton": { "url": "https://app.acme.dev" },
        > 10 |   "anchors": [{ "name": "API", "url": "api", "iconType": "outline" }],
             |                                                          ^
          11 |   "feedback": { "suggestEdit": "yes" },
          12 |   "openapi": ["a.yaml", 3]

      docs.json:11:32  error  settings/invalid  \`feedback.suggestEdit\`: expected a boolean, found a string.
           9 |   "topbarCtaButton": { "url": "https://app.acme.dev" },
          10 |   "anchors": [{ "name": "API", "url": "api", "iconType": "outline" }],
        > 11 |   "feedback": { "suggestEdit": "yes" },
             |                                ^
          12 |   "openapi": ["a.yaml", 3]
          13 | }

      docs.json:12:25  error  settings/invalid  \`openapi[1]\`: expected a string, found a number.
          10 |   "anchors": [{ "name": "API", "url": "api", "iconType": "outline" }],
          11 |   "feedback": { "suggestEdit": "yes" },
        > 12 |   "openapi": ["a.yaml", 3]
             |                         ^
          13 | }
          14 |"
    `);
  });

  it('reports a missing required key at the enclosing object', async () => {
    const { settings, text } = await loadFixture('missing-name');
    expect(settings).toBeNull();
    expect(text).toMatchInlineSnapshot(`
      "docs.json:1:1  error  settings/missing  \`name\` is required: expected a string.
        > 1 | {
            | ^
          2 |   "navigation": [{ "group": "Get started", "pages": ["introduction"] }]
          3 | }"
    `);
  });

  it('leaves the checks that can only warn for later when asked, the same findings in file order', async () => {
    const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
    for (const fixture of ['unknown-key', 'valid-full', 'look-unsupported']) {
      const whole = await loadSettings(path.join(dir, fixture));
      const deferred = await loadSettings(path.join(dir, fixture), { deferChecks: true });
      expect(whole.later).toBeUndefined();
      expect(deferred.settings).toEqual(whole.settings);
      const left = deferred.later!();
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((d) => d.severity !== 'error')).toBe(true);
      // Together, the same findings; each part in file order.
      const key = (d: { code: string; jsonPath?: string; line?: number; column?: number }) => `${d.code} ${d.jsonPath} ${d.line}:${d.column}`;
      expect([...deferred.diagnostics, ...left].map(key).sort()).toEqual(whole.diagnostics.map(key).sort());
      expect(left.map(key)).toEqual(whole.diagnostics.filter((d) => left.some((l) => key(l) === key(d))).map(key));
    }
    // Settings with an error are reported whole at once: nothing is left for later.
    const failing = await loadSettings(path.join(dir, 'wrong-types'), { deferChecks: true });
    expect(failing.settings).toBeNull();
    expect(failing.later).toBeUndefined();
    expect(failing.diagnostics.map((d) => d.code)).toEqual((await loadSettings(path.join(dir, 'wrong-types'))).diagnostics.map((d) => d.code));
  });

  it('warns about unknown keys with a suggestion, without failing', async () => {
    const { settings, diagnostics, text } = await loadFixture('unknown-key');
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(settings).not.toBeNull();
    expect(settings!.footerSocials).toEqual([{ type: 'github', url: 'https://github.com/acme' }]);
    expect(text).toMatchInlineSnapshot(`
      "docs.json:4:3  warning  settings/unknown-key  Unknown setting \`topbarLink\`; it is ignored.
        Did you mean \`topbarLinks\`?
          2 |   "name": "Acme",
          3 |   "navigation": [{ "group": "Get started", "pages": ["introduction"] }],
        > 4 |   "topbarLink": [{ "name": "Support", "url": "mailto:help@acme.dev" }],
            |   ^
          5 |   "colors": { "primary": "#0d9373", "backgroud": { "dark": "#000" } },
          6 |   "footerSocials": { "github": "https://github.com/acme", "mastodon": "https://hachyderm.io/@acme" },

      docs.json:5:37  warning  settings/unknown-key  Unknown setting \`backgroud\` in \`colors\`; it is ignored.
        at colors.backgroud
        Did you mean \`background\`?
          3 |   "navigation": [{ "group": "Get started", "pages": ["introduction"] }],
          4 |   "topbarLink": [{ "name": "Support", "url": "mailto:help@acme.dev" }],
        > 5 |   "colors": { "primary": "#0d9373", "backgroud": { "dark": "#000" } },
            |                                     ^
          6 |   "footerSocials": { "github": "https://github.com/acme", "mastodon": "https://hachyderm.io/@acme" },
          7 |   "zzzqqq": true

      docs.json:6:59  warning  settings/unknown-key  Unknown setting \`mastodon\` in \`footerSocials\`; it is ignored.
        at footerSocials.mastodon
        Check the spelling against the settings reference.
          4 |   "topbarLink": [{ "name": "Support", "url": "mailto:help@acme.dev" }],
          5 |   "colors": { "primary": "#0d9373", "backgroud": { "dark": "#000" } },
        > 6 |   "footerSocials": { "github": "https://github.com/acme", "mastodon": "https://hachyderm.io/@acme" },
            |                                                           ^
          7 |   "zzzqqq": true
          8 | }

      docs.json:7:3  warning  settings/unknown-key  Unknown setting \`zzzqqq\`; it is ignored.
        Check the spelling against the settings reference.
          5 |   "colors": { "primary": "#0d9373", "backgroud": { "dark": "#000" } },
          6 |   "footerSocials": { "github": "https://github.com/acme", "mastodon": "https://hachyderm.io/@acme" },
        > 7 |   "zzzqqq": true
            |   ^
          8 | }
          9 |"
    `);
  });

  it('falls back to mint.json and normalises one-or-many values to arrays', async () => {
    const { settings, diagnostics } = await loadFixture('mint-fallback');
    expect(diagnostics).toEqual([]);
    expect(settings!.file).toBe('mint.json');
    expect(settings!.api).toEqual({
      baseUrl: ['https://api.example.com', 'https://staging.example.com'],
      playground: { mode: 'show' },
    });
    expect(settings!.openapi).toEqual(['/openapi.yml', '/v2-openapi.yaml']);
    expect(settings!.footerSocials).toEqual([
      { type: 'twitter', url: 'https://twitter.com/classic' },
      { type: 'youtube', url: 'https://youtube.com/@classic' },
    ]);
    expect(settings!.colors).toEqual({ primary: '#0d9373' });
  });

  it('expands a logo string to both modes', async () => {
    const { settings } = await loadFixture('logo-string');
    expect(settings!.logo).toEqual({ light: '/logo.svg', dark: '/logo.svg', href: '/' });
  });

  it('accepts footerSocials as an array and a GitHub button without a name', async () => {
    const { settings, diagnostics } = await loadFixture('footer-socials-array');
    expect(diagnostics).toEqual([]);
    expect(settings!.footerSocials).toEqual([{ type: 'github', url: 'https://github.com/acme' }]);
    expect(settings!.topbarCtaButton).toEqual({ type: 'github', url: 'https://github.com/acme/acme' });
  });

  it('accepts comments and trailing commas with a warning', async () => {
    const { settings, text } = await loadFixture('jsonc');
    expect(settings!.name).toBe('Acme');
    expect(text).toMatchInlineSnapshot(`
      "docs.json:2:3  warning  settings/not-strict-json  The settings file is not strict JSON: it has comments and trailing commas. Kiln accepts it; other tools may not.
        Remove comments and trailing commas to keep the file portable.
          1 | {
        > 2 |   // The site name.
            |   ^
          3 |   "name": "Acme",
          4 |   "navigation": [{ "group": "Get started", "pages": ["introduction",] }],"
    `);
  });

  it('reports a folder without settings', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-settings-'));
    try {
      const { settings, diagnostics } = await loadSettings(dir);
      expect(settings).toBeNull();
      expect(diagnostics.map((d) => [d.code, d.message.replace(dir, '<dir>')])).toMatchInlineSnapshot(`
        [
          [
            "settings/not-found",
            "No docs.json or mint.json found in <dir>.",
          ],
        ]
      `);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

describe('keys that every JavaScript object has', () => {
  const source = (extra: string) => `{
  "name": "Acme",
  ${extra},
  "navigation": [{ "group": "Start", "pages": ["index"], "toString": {} }],
  "colors": { "primary": "#0d9373", "__proto__": { "light": "#ffffff" } },
  "metadata": { "__proto__": "x", "og:site_name": "Acme" }
}`;

  // `"toString": {}` and the like were read as the schema's own `toString` (an internal error,
  // "This is a bug in Kiln"); `"__proto__": {…}` replaced the object's prototype.
  it.each(['"toString": {}', '"constructor": {}', '"__proto__": { "name": "Evil" }', '"hasOwnProperty": 1', '"valueOf": []'])('%s is an unknown key, with its position', (extra) => {
    const { settings, diagnostics } = parseSettings('/x/docs.json', source(extra));
    expect(settings).not.toBeNull();
    expect(settings!.name).toBe('Acme');
    const key = /"([^"]+)"/.exec(extra)![1];
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      `3:3 settings/unknown-key Unknown setting \`${key}\`; it is ignored.`,
      '4:58 settings/unknown-key Unknown setting `toString` in `navigation[0]`; it is ignored.',
      '5:37 settings/unknown-key Unknown setting `__proto__` in `colors`; it is ignored.',
      '6:17 settings/unknown-key Unknown setting `__proto__` in `metadata`; it is ignored.',
    ]);
    expect(settings!.colors.light).toBeUndefined();
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype);
  });

  it('a docs.json that is a folder is a settings error, not a crash', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-settings-'));
    try {
      await mkdir(path.join(root, 'docs.json'));
      const { settings, diagnostics } = await loadSettings(root);
      expect(settings).toBeNull();
      expect(diagnostics).toEqual([
        expect.objectContaining({ code: 'settings/unreadable', severity: 'error', file: path.join(root, 'docs.json'), message: 'The settings file docs.json cannot be read: it is a folder.' }),
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
