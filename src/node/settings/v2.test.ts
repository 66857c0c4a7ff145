import { describe, expect, it } from 'vitest';
import { commonFolder } from './from-v2.js';
import { parseSettings } from './load.js';
import { loadFixture } from './test-helpers.js';

describe('docs.json v2 layout', () => {
  it('maps the newer layout onto Settings', async () => {
    const { settings, diagnostics } = await loadFixture('v2-layout');
    expect(diagnostics).toEqual([]);
    expect(settings).toMatchInlineSnapshot(`
      {
        "analytics": {
          "gtm": {
            "tagId": "GTM-1",
          },
        },
        "anchors": [
          {
            "division": "language:en/version:v1/anchor:Docs",
            "icon": "book",
            "iconType": "solid",
            "isDefaultHidden": false,
            "name": "Docs",
            "url": "v1/docs",
          },
          {
            "division": "language:en/version:v1/dropdown:SDKs",
            "iconType": "duotone",
            "isDefaultHidden": false,
            "name": "SDKs",
            "url": "v1/sdks",
          },
        ],
        "api": {
          "auth": {
            "method": "key",
            "name": "x-api-key",
          },
          "baseUrl": [
            "https://api.acme.dev",
          ],
          "playground": {
            "mode": "hide",
          },
        },
        "backgroundImage": "/bg.png",
        "banner": {
          "content": "New!",
          "dismissible": false,
          "type": "info",
        },
        "colors": {
          "background": {
            "dark": "#0b0d0e",
            "light": "#ffffff",
          },
          "dark": "#15803D",
          "light": "#07C983",
          "primary": "#16A34A",
        },
        "contextual": [
          "copy",
          "view",
        ],
        "divisions": [
          {
            "children": [],
            "key": "language:fr",
            "kind": "language",
            "name": "fr",
          },
          {
            "children": [
              {
                "children": [
                  {
                    "children": [],
                    "key": "language:en/version:v2/tab:Guides",
                    "kind": "tab",
                    "name": "Guides",
                  },
                  {
                    "children": [],
                    "key": "language:en/version:v2/tab:API",
                    "kind": "tab",
                    "name": "API",
                  },
                  {
                    "children": [],
                    "href": "https://acme.dev/changelog",
                    "key": "language:en/version:v2/tab:Changelog",
                    "kind": "tab",
                    "name": "Changelog",
                  },
                ],
                "key": "language:en/version:v2",
                "kind": "version",
                "name": "v2",
              },
              {
                "children": [
                  {
                    "children": [],
                    "icon": "book",
                    "iconType": "solid",
                    "key": "language:en/version:v1/anchor:Docs",
                    "kind": "anchor",
                    "name": "Docs",
                  },
                  {
                    "children": [],
                    "key": "language:en/version:v1/dropdown:SDKs",
                    "kind": "dropdown",
                    "name": "SDKs",
                  },
                ],
                "key": "language:en/version:v1",
                "kind": "version",
                "name": "v1",
              },
            ],
            "default": true,
            "key": "language:en",
            "kind": "language",
            "name": "en",
          },
        ],
        "eyebrows": "breadcrumbs",
        "favicon": "/favicon-light.svg",
        "faviconDark": "/favicon-dark.svg",
        "feedback": {
          "raiseIssue": false,
          "suggestEdit": false,
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
        ],
        "globalLinks": [
          {
            "children": [],
            "href": "https://acme.dev/blog",
            "icon": "newspaper",
            "key": "global/anchor:Blog",
            "kind": "anchor",
            "name": "Blog",
          },
        ],
        "indexHiddenPages": true,
        "languages": [
          {
            "code": "en",
            "default": true,
            "prefix": "",
          },
          {
            "code": "fr",
            "default": false,
            "prefix": "fr",
          },
        ],
        "layout": "v2",
        "logo": {
          "dark": "/logo/dark.svg",
          "href": "/",
          "light": "/logo/light.svg",
        },
        "look": {
          "fonts": {
            "body": {
              "family": "Inter",
            },
            "heading": {
              "family": "Inter",
            },
          },
          "theme": "mint",
        },
        "modeToggle": {
          "default": "dark",
          "isHidden": true,
        },
        "name": "Acme",
        "navigation": [
          {
            "division": "language:en/version:v2/tab:Guides",
            "group": "Get started",
            "lang": "en",
            "pages": [
              "v2/guides/intro",
              {
                "expanded": true,
                "group": "Nested",
                "pages": [
                  "v2/guides/nested/one",
                ],
                "settingsPath": [
                  "navigation",
                  "languages",
                  1,
                  "versions",
                  0,
                  "tabs",
                  0,
                  "groups",
                  0,
                  "pages",
                  1,
                ],
              },
            ],
            "settingsPath": [
              "navigation",
              "languages",
              1,
              "versions",
              0,
              "tabs",
              0,
              "groups",
              0,
            ],
          },
          {
            "division": "language:en/version:v2/tab:API",
            "group": "Endpoints",
            "lang": "en",
            "openapiScope": {
              "sources": [
                "v2/openapi.yaml",
              ],
            },
            "pages": [
              "v2/api/overview",
              "GET /users",
            ],
            "settingsPath": [
              "navigation",
              "languages",
              1,
              "versions",
              0,
              "tabs",
              1,
              "groups",
              0,
            ],
          },
          {
            "division": "language:en/version:v1/anchor:Docs",
            "group": "Basics",
            "lang": "en",
            "pages": [
              "v1/docs/intro",
            ],
            "settingsPath": [
              "navigation",
              "languages",
              1,
              "versions",
              1,
              "anchors",
              0,
              "groups",
              0,
            ],
          },
          {
            "division": "language:en/version:v1/dropdown:SDKs",
            "group": "",
            "lang": "en",
            "pages": [
              "v1/sdks/js",
              "v1/sdks/python",
            ],
            "settingsPath": [
              "navigation",
              "languages",
              1,
              "versions",
              1,
              "dropdowns",
              0,
            ],
          },
          {
            "division": "language:fr",
            "group": "Démarrer",
            "lang": "fr",
            "pages": [
              "fr/index",
            ],
            "settingsPath": [
              "navigation",
              "languages",
              0,
              "groups",
              0,
            ],
          },
        ],
        "notFound": {
          "redirect": false,
        },
        "openapi": [
          "openapi.json",
          "v2/openapi.yaml",
        ],
        "redirects": [
          {
            "destination": "/new",
            "permanent": true,
            "source": "/old",
          },
        ],
        "search": {
          "prompt": "Search Acme",
        },
        "sources": [
          "docs.json",
        ],
        "tabs": [
          {
            "division": "language:en/version:v2/tab:Guides",
            "name": "Guides",
            "url": "v2/guides",
          },
          {
            "division": "language:en/version:v2/tab:API",
            "name": "API",
            "openapi": "v2/openapi.yaml",
            "url": "v2/api",
          },
          {
            "division": "language:en/version:v2/tab:Changelog",
            "name": "Changelog",
            "url": "https://acme.dev/changelog",
          },
          {
            "division": "language:en/version:v2",
            "name": "v2",
            "url": "v2",
          },
          {
            "division": "language:en/version:v1",
            "name": "v1",
            "url": "v1",
          },
          {
            "division": "language:en",
            "name": "en",
            "url": "",
          },
          {
            "division": "language:fr",
            "name": "fr",
            "url": "fr",
          },
        ],
        "topAnchor": {
          "icon": "book-open",
          "iconType": "duotone",
          "name": "Documentation",
        },
        "topbarCtaButton": {
          "name": "Sign up",
          "type": "link",
          "url": "https://app.acme.dev",
        },
        "topbarLinks": [
          {
            "name": "Community",
            "url": "https://acme.dev/community",
          },
        ],
        "versions": [],
      }
    `);
  });

  it('reports errors and unknown keys of the newer layout', () => {
    const source = JSON.stringify(
      {
        theme: 'mint',
        name: 'Acme',
        navbar: { primary: { type: 'button', href: '/x' } },
        apperance: { default: 'dark' },
        navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'A', pages: ['a', false] }] }] },
      },
      null,
      2,
    );
    const { settings, diagnostics } = parseSettings('/x/docs.json', source);
    expect(settings).toBeNull();
    expect(diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}${d.hint ? ` ${d.hint}` : ''}`)).toMatchInlineSnapshot(`
      [
        "error 5:16 \`navbar.primary.label\` is required: expected a string (the button text; required when \`type\` is "button").",
        "warning 10:3 Unknown setting \`apperance\`; it is ignored. Did you mean \`appearance\`?",
        "error 22:15 \`navigation.tabs[0].groups[0].pages[1]\`: expected a page path (string) or a group object with \`group\` and \`pages\`, found a boolean.",
      ]
    `);
  });

  it('reads styling.eyebrows, knows the other styling keys and reports a misspelt one', () => {
    const settings = (styling: unknown) => parseSettings('/x/docs.json', JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0d9373' }, styling, navigation: { pages: ['index'] } }, null, 2));
    expect(settings({ eyebrows: 'section', codeblocks: 'dark', latex: true }).settings?.eyebrows).toBe('section');
    expect(settings({ eyebrows: 'breadcrumbs' }).settings?.eyebrows).toBe('breadcrumbs');
    expect(settings({}).settings?.eyebrows).toBeUndefined();
    expect(settings({ eyebrow: 'section' }).diagnostics.map((d) => d.message + (d.hint ? ` ${d.hint}` : ''))).toEqual(['Unknown setting `eyebrow` in `styling`; it is ignored. Did you mean `eyebrows`?']);
    const bad = settings({ eyebrows: 'crumbs' });
    expect(bad.settings).toBeNull();
    expect(bad.diagnostics[0]!.message).toContain('styling.eyebrows');
  });
});

describe('commonFolder', () => {
  const g = (...pages: string[]) => [{ group: 'g', pages }];
  it('is the longest folder shared by all pages, ignoring endpoint references', () => {
    expect(commonFolder(g('api/a/x', '/api/a/y', 'GET /users'))).toBe('api/a');
    expect(commonFolder(g('api/x', 'guides/y'))).toBe('');
    expect(commonFolder(g('index'))).toBe('');
    expect(commonFolder([])).toBe('');
  });
});
