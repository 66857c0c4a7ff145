import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, parseSettings } from './load.js';
import { themeOf } from './look.js';
import { loadFixture } from './test-helpers.js';

const e2eFixture = (name: string) => path.resolve(import.meta.dirname, '../../../tests/fixtures', name);

/** Only the look and chrome fields of the settings of a docs folder (the e2e fixtures' own). */
async function lookOf(name: string) {
  const { settings, diagnostics } = await loadSettings(e2eFixture(name));
  expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  const { look, faviconDark, backgroundImageDark, footerLinks, footerSocials, whiteLabeled, banner, contextual, notFound, thumbnails, topbarCtaButton, feedback, favicon } = settings!;
  return { look, favicon, faviconDark, backgroundImageDark, footerLinks, footerSocials, whiteLabeled, banner, contextual, notFound, thumbnails, topbarCtaButton, feedback };
}

describe('look and chrome settings', () => {
  it('maps every docs.json look key onto Settings', async () => {
    expect(await lookOf('look-v2')).toMatchInlineSnapshot(`
      {
        "backgroundImageDark": undefined,
        "banner": {
          "content": "**Lookout 2.0** is out: read [the guide](/guides/setup).",
          "dismissible": true,
          "type": "info",
        },
        "contextual": [
          "copy",
          "view",
          "chatgpt",
          "claude",
          "perplexity",
          {
            "description": "Open an issue about this page",
            "href": "https://github.com/lookout/docs/issues/new",
            "icon": "bug",
            "query": [
              {
                "key": "title",
                "value": "Problem on $path",
              },
            ],
            "title": "Report a problem",
          },
        ],
        "favicon": "/images/favicon-light.svg",
        "faviconDark": "/images/favicon-dark.svg",
        "feedback": {
          "raiseIssue": false,
          "suggestEdit": false,
        },
        "footerLinks": [
          {
            "header": "Product",
            "items": [
              {
                "href": "https://lookout.dev/pricing",
                "label": "Pricing",
              },
              {
                "href": "/guides/setup",
                "label": "Changelog",
              },
            ],
          },
          {
            "header": "Company",
            "items": [
              {
                "href": "https://lookout.dev/about",
                "label": "About",
              },
            ],
          },
        ],
        "footerSocials": [
          {
            "type": "github",
            "url": "https://github.com/lookout",
          },
          {
            "type": "bluesky",
            "url": "https://bsky.app/profile/lookout.dev",
          },
        ],
        "look": {
          "codeBlocks": "dark",
          "decoration": "grid",
          "fonts": {
            "body": {
              "family": "Inter",
              "weight": 450,
            },
            "heading": {
              "family": "Display Face",
              "format": "woff2",
              "source": "/fonts/Display.woff2",
              "weight": 400,
            },
          },
          "theme": "maple",
        },
        "notFound": {
          "description": "Try the [setup guide](/guides/setup) or the **home page**.",
          "redirect": false,
          "title": "Lost at sea?",
        },
        "thumbnails": {
          "appearance": "dark",
        },
        "topbarCtaButton": undefined,
        "whiteLabeled": undefined,
      }
    `);
  });

  it('maps mint.json style keys onto the same fields', async () => {
    expect(await lookOf('look-classic')).toMatchInlineSnapshot(`
      {
        "backgroundImageDark": undefined,
        "banner": undefined,
        "contextual": undefined,
        "favicon": undefined,
        "faviconDark": undefined,
        "feedback": {
          "raiseIssue": false,
          "suggestEdit": false,
          "thumbsRating": true,
        },
        "footerLinks": [
          {
            "header": "Resources",
            "items": [
              {
                "href": "https://classico.dev/blog",
                "label": "Blog",
              },
              {
                "href": "/guides/setup",
                "label": "Guides",
              },
            ],
          },
          {
            "items": [
              {
                "href": "https://status.classico.dev",
                "label": "Status",
              },
            ],
          },
        ],
        "footerSocials": [
          {
            "type": "x",
            "url": "https://x.com/classico",
          },
          {
            "type": "github",
            "url": "https://github.com/classico",
          },
        ],
        "look": {
          "codeBlocks": "dark",
          "decoration": "gradient",
          "fonts": {
            "body": {
              "family": "Figtree",
              "weight": 500,
            },
            "heading": {
              "family": "Headline",
              "format": "woff2",
              "source": "/fonts/Headline.woff2",
              "weight": 400,
            },
          },
          "rounded": "sharp",
          "sidebar": "solid",
          "sidebarItems": "border",
          "theme": "willow",
          "topbar": "gradient",
        },
        "notFound": undefined,
        "thumbnails": undefined,
        "topbarCtaButton": {
          "arrow": true,
          "name": "Get a key",
          "style": "roundedRectangle",
          "type": "link",
          "url": "https://classico.dev/keys",
        },
        "whiteLabeled": true,
      }
    `);
  });

  it('draws the themes it has, the nearest for the others, mint without one', () => {
    expect(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen'].map(themeOf)).toEqual(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen']);
    expect(['sequoia', 'luma', 'venus', 'quill', 'prism', undefined].map(themeOf)).toEqual(['aspen', 'almond', 'mint', 'willow', 'palm', 'mint']);
  });

  it('leaves the default look out of the settings', () => {
    const { settings } = parseSettings('/x/docs.json', JSON.stringify({ theme: 'mint', name: 'A', navigation: { pages: ['index'] } }));
    expect(settings!.look).toBeUndefined();
  });

  it('rejects a theme Mintlify does not have, at its position', () => {
    const { settings, diagnostics } = parseSettings('/x/docs.json', '{\n  "theme": "oak",\n  "name": "A",\n  "navigation": { "pages": ["index"] }\n}');
    expect(settings).toBeNull();
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['settings/invalid', 2, 12, '`theme`: expected one of "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma", "venus", "quill", "prism", found "oak".'],
    ]);
  });

  it('reports each docs.json value it does not draw as written, where it is written', async () => {
    const { settings, text } = await loadFixture('look-unsupported');
    expect(settings!.look?.theme).toBe('aspen');
    expect(settings!.contextual).toEqual(['copy', { title: 'Ask', description: 'In our tool', href: 'https://ask.acme.dev', query: [{ key: 'server', value: '$mcp' }] }]);
    expect(text).toMatchInlineSnapshot(`
      "docs.json:2:3  info  settings/theme-nearest  Theme "sequoia" is drawn as "aspen", the nearest theme Kiln has.
        Kiln draws the themes mint, maple, palm, willow, linden, almond and aspen; set one of them to choose another look.
          1 | {
        > 2 |   "theme": "sequoia",
            |   ^
          3 |   "name": "Acme",
          4 |   "colors": { "primary": "#0D9373" },

      docs.json:6:16  warning  settings/unsupported  \`styling.codeblocks\` is not used: Kiln draws code in its own light and dark themes (checked for contrast), not the Shiki theme "dracula"; custom grammars are not loaded (code in them is shown plain).
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
          4 |   "colors": { "primary": "#0D9373" },
          5 |   "navigation": { "pages": ["index"] },
        > 6 |   "styling": { "codeblocks": { "theme": "dracula", "languages": { "custom": ["/grammars/acme.json"] } } },
            |                ^
          7 |   "contextual": {
          8 |     "options": ["copy", "assistant", "mcp", { "title": "Ask", "description": "In our tool", "href": { "base": "https://ask.acme.dev", "query": [{ "key": "server…

      docs.json:8:25  warning  settings/unsupported  \`contextual.options[1]\` ("assistant") is left out of the page menu: it opens Mintlify's hosted assistant, which a static site does not have.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           6 |   "styling": { "codeblocks": { "theme": "dracula", "languages": { "custom": ["/grammars/acme.json"] } } },
           7 |   "contextual": {
        >  8 |     "options": ["copy", "assistant", "mcp", { "title": "Ask", "description": "In our tool", "href": { "base": "https://ask.acme.dev", "query": [{ "key": "server…
             |                         ^
           9 |     "display": "toc"
          10 |   },

      docs.json:8:38  warning  settings/unsupported  \`contextual.options[2]\` ("mcp") is left out of the page menu: it copies the URL of Mintlify's hosted MCP server, which a static site does not have.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           6 |   "styling": { "codeblocks": { "theme": "dracula", "languages": { "custom": ["/grammars/acme.json"] } } },
           7 |   "contextual": {
        >  8 |     "options": ["copy", "assistant", "mcp", { "title": "Ask", "description": "In our tool", "href": { "base": "https://ask.acme.dev", "query": [{ "key": "server…
             |                                      ^
           9 |     "display": "toc"
          10 |   },

      docs.json:8:45  warning  settings/unsupported  \`contextual.options[3]\` has \`$mcp\` in its link, which is left empty: a Kiln site has no hosted MCP server.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           6 |   "styling": { "codeblocks": { "theme": "dracula", "languages": { "custom": ["/grammars/acme.json"] } } },
           7 |   "contextual": {
        >  8 |     "options": ["copy", "assistant", "mcp", { "title": "Ask", "description": "In our tool", "href": { "base": "https://ask.acme.dev", "query": [{ "key": "server…
             |                                             ^
           9 |     "display": "toc"
          10 |   },

      docs.json:9:5  warning  settings/unsupported  \`contextual.display\` "toc" is drawn as "header": Kiln shows the page menu in the page header only.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           7 |   "contextual": {
           8 |     "options": ["copy", "assistant", "mcp", { "title": "Ask", "description": "In our tool", "href": { "base": "https://ask.acme.dev", "query": [{ "key": "server…
        >  9 |     "display": "toc"
             |     ^
          10 |   },
          11 |   "thumbnails": { "appearance": "dark", "background": "https://cdn.acme.dev/og.png", "preset": "headline", "fonts": { "family": "Inter" } }

      docs.json:11:41  warning  settings/unsupported  \`thumbnails.background\` is a remote image, which is not downloaded: the card is drawn without a background image.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           9 |     "display": "toc"
          10 |   },
        > 11 |   "thumbnails": { "appearance": "dark", "background": "https://cdn.acme.dev/og.png", "preset": "headline", "fonts": { "family": "Inter" } }
             |                                         ^
          12 | }
          13 |

      docs.json:11:86  warning  settings/unsupported  \`thumbnails.preset\` is not used: Kiln draws one card layout (the site name, description and logo).
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           9 |     "display": "toc"
          10 |   },
        > 11 |   "thumbnails": { "appearance": "dark", "background": "https://cdn.acme.dev/og.png", "preset": "headline", "fonts": { "family": "Inter" } }
             |                                                                                      ^
          12 | }
          13 |

      docs.json:11:108  warning  settings/unsupported  \`thumbnails.fonts\` is not used: the card is drawn with a built-in sans-serif face, and no font is downloaded.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
           9 |     "display": "toc"
          10 |   },
        > 11 |   "thumbnails": { "appearance": "dark", "background": "https://cdn.acme.dev/og.png", "preset": "headline", "fonts": { "family": "Inter" } }
             |                                                                                                            ^
          12 | }
          13 |"
    `);
  });

  it('reports each mint.json value it does not draw as written', async () => {
    const { settings, text } = await loadFixture('look-classic-unsupported');
    expect(settings!.look).toBeUndefined();
    expect(text).toMatchInlineSnapshot(`
      "mint.json:3:3  info  settings/theme-nearest  Theme "venus" is drawn as "mint", the nearest theme Kiln has.
        Kiln draws the themes mint, maple, palm, willow, linden, almond and aspen; set one of them to choose another look.
          1 | {
          2 |   "name": "Acme",
        > 3 |   "theme": "venus",
            |   ^
          4 |   "layout": "sidenav",
          5 |   "colors": { "primary": "#0D9373", "ultraLight": "#E6FFF7" },

      mint.json:4:3  warning  settings/unsupported  \`layout\` "sidenav" is drawn as "topnav": Kiln keeps the logo and search in the top bar.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
          2 |   "name": "Acme",
          3 |   "theme": "venus",
        > 4 |   "layout": "sidenav",
            |   ^
          5 |   "colors": { "primary": "#0D9373", "ultraLight": "#E6FFF7" },
          6 |   "search": { "location": "side" },

      mint.json:5:37  warning  settings/unsupported  \`colors.ultraLight\` is not used: Kiln works out its lighter shades from \`primary\` and \`light\`.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
          3 |   "theme": "venus",
          4 |   "layout": "sidenav",
        > 5 |   "colors": { "primary": "#0D9373", "ultraLight": "#E6FFF7" },
            |                                     ^
          6 |   "search": { "location": "side" },
          7 |   "navigation": [{ "group": "Start", "pages": ["index"] }]

      mint.json:6:15  warning  settings/unsupported  \`search.location\` "side" is drawn as "top": the search box stays in the top bar.
        The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.
          4 |   "layout": "sidenav",
          5 |   "colors": { "primary": "#0D9373", "ultraLight": "#E6FFF7" },
        > 6 |   "search": { "location": "side" },
            |               ^
          7 |   "navigation": [{ "group": "Start", "pages": ["index"] }]
          8 | }"
    `);
  });
});
