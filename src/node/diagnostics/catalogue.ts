import type { Diagnostic, Severity } from './diagnostic.js';

/**
 * The error catalogue: every user-visible message has a stable code, says what happened and what
 * to do. Callers fill in the details; the wording lives here so tests can lock it.
 */
interface Entry<A> {
  severity: Severity;
  message: (args: A) => string;
  hint?: (args: A) => string;
}

function entry<A>(e: Entry<A>): Entry<A> {
  return e;
}

export const catalogue = {
  'settings/not-found': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `No docs.json or mint.json found in ${dir}.`,
    hint: () => 'Run Kiln in the folder that holds docs.json, or pass that folder: `kiln dev path/to/docs`.',
  }),
  'settings/invalid-json': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The settings file is not valid JSON: ${reason}.`,
    hint: () => 'Fix the JSON syntax at the marked position (a missing comma or quote is the usual cause).',
  }),
  'settings/invalid': entry<{ path: string; expected: string; received: string }>({
    severity: 'error',
    message: ({ path, expected, received }) => `\`${path}\`: expected ${expected}, found ${received}.`,
  }),
  'settings/missing': entry<{ path: string; expected: string }>({
    severity: 'error',
    message: ({ path, expected }) => `\`${path}\` is required: expected ${expected}.`,
  }),
  'settings/invalid-value': entry<{ path: string; detail: string }>({
    severity: 'error',
    message: ({ path, detail }) => `\`${path}\`: ${detail}.`,
  }),
  'settings/too-deep': entry<{ limit: number }>({
    severity: 'error',
    message: ({ limit }) => `The settings are nested more than ${limit} levels deep here; Kiln does not read further.`,
    hint: () => 'Flatten the structure: navigation groups inside groups rarely need more than a few levels.',
  }),
  'settings/value-too-long': entry<{ path: string; length: string; shown: number }>({
    severity: 'warning',
    message: ({ path, length, shown }) => `\`${path}\` is ${length} characters long; its first ${shown} are shown (page titles, the social card).`,
    hint: () => 'Give it a short text: it is displayed in the top bar, in every page title and on the social card.',
  }),
  'settings/not-strict-json': entry<{ what: string }>({
    severity: 'warning',
    message: ({ what }) => `The settings file is not strict JSON: it has ${what}. Kiln accepts it; other tools may not.`,
    hint: () => 'Remove comments and trailing commas to keep the file portable.',
  }),
  'settings/unknown-key': entry<{ path: string; key: string; suggestion?: string }>({
    severity: 'warning',
    message: ({ path, key }) => `Unknown setting \`${key}\`${path ? ` in \`${path}\`` : ''}; it is ignored.`,
    hint: ({ suggestion }) => (suggestion ? `Did you mean \`${suggestion}\`?` : 'Check the spelling against the settings reference.'),
  }),
  // The look and chrome settings (settings/schema/look.ts): what Kiln accepts but does not draw as written.
  'settings/unsupported': entry<{ path: string; detail: string }>({
    severity: 'warning',
    message: ({ path, detail }) => `\`${path}\` ${detail}.`,
    hint: () => 'The rest of the site is built as usual. Remove the setting to silence this warning; the README lists what Kiln draws of each setting.',
  }),
  'settings/theme-nearest': entry<{ theme: string; drawn: string }>({
    severity: 'info',
    message: ({ theme, drawn }) => `Theme "${theme}" is drawn as "${drawn}", the nearest theme Kiln has.`,
    hint: () => 'Kiln draws the themes mint, maple, palm, willow, linden, almond and aspen; set one of them to choose another look.',
  }),
  // Settings split over files (`$ref`), the navigation's divisions, languages, variables, hidden
  // and ignored pages.
  'page/unknown-variable': entry<{ name: string; known: string[] }>({
    severity: 'warning',
    message: ({ name }) => `\`{{${name}}}\` names no variable of docs.json; it is left as written.`,
    hint: ({ known }) => (known.length ? `Define it in \`variables\` (defined: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', …' : ''}), or fix the name.` : 'Define it in `variables` of docs.json, or fix the name.'),
  }),
  'settings/ref-not-found': entry<{ ref: string }>({
    severity: 'error',
    message: ({ ref }) => `\`$ref\` names "${ref}", which does not exist.`,
    hint: () => 'A `$ref` path is relative to the file that holds it (a leading / means the docs folder); check the spelling.',
  }),
  'settings/ref-outside': entry<{ ref: string }>({
    severity: 'error',
    message: ({ ref }) => `\`$ref\` "${ref}" points outside the docs folder; references must stay inside it.`,
    hint: () => 'Move the file into the docs folder and name it with a relative path such as "./config/navigation.json".',
  }),
  'settings/ref-cycle': entry<{ chain: string[] }>({
    severity: 'error',
    message: ({ chain }) => `Circular \`$ref\`: ${chain.join(' → ')}.`,
    hint: () => 'A referenced file must not name, directly or through others, a file that references it.',
  }),
  'settings/ref-too-many': entry<{ limit: number }>({
    severity: 'error',
    message: ({ limit }) => `The settings follow more than ${limit} \`$ref\`s; Kiln stops here.`,
    hint: () => 'Files that reference each other many times multiply: reference each file from one place.',
  }),
  'settings/ref-siblings-ignored': entry<{ ref: string; keys: string[] }>({
    severity: 'warning',
    message: ({ ref, keys }) => `${keys.map((k) => `\`${k}\``).join(', ')} beside \`$ref\` "${ref}" ${keys.length === 1 ? 'is' : 'are'} ignored: the file does not hold an object to merge ${keys.length === 1 ? 'it' : 'them'} into.`,
    hint: () => 'Keys beside a `$ref` are merged only into an object; put them in the referenced file instead.',
  }),
  'nav/page-not-found': entry<{ entry: string; tried: string[] }>({
    severity: 'error',
    message: ({ entry, tried }) => `Navigation entry "${entry}" has no page file (looked for ${tried.join(', ')}).`,
    hint: () => 'Create the file, or fix or remove the entry in the navigation.',
  }),
  'nav/openapi-entry': entry<{ entry: string }>({
    severity: 'warning',
    message: ({ entry }) => `Navigation entry "${entry}" names an OpenAPI operation; endpoint pages generated from OpenAPI are not built yet, so it is left out.`,
    hint: () => 'To show the endpoint now, add a page with `openapi: "METHOD /path"` in its front matter and list that page instead.',
  }),
  'nav/duplicate-page': entry<{ entry: string }>({
    severity: 'warning',
    message: ({ entry }) => `Page "${entry}" is listed more than once in the navigation; the first place is used.`,
  }),
  'feedback/no-repository': entry<Record<string, never>>({
    severity: 'warning',
    message: () => 'The feedback buttons are turned on, but the GitHub repository of the docs is not known; they are left out.',
    hint: () => 'Name the repository in `topbarCtaButton` (type "github") or `footerSocials.github` (https://github.com/owner/repo), or build from a git checkout with a GitHub remote.',
  }),
  'page/invalid-frontmatter': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The front matter is not valid YAML: ${reason}.`,
    hint: () => 'Front matter sits between two `---` lines at the top of the page; quote values that contain a colon.',
  }),
  'page/frontmatter-type': entry<{ key: string; expected: string; received: string }>({
    severity: 'warning',
    message: ({ key, expected, received }) => `Front matter \`${key}\` should be ${expected}, found ${received}; it is ignored.`,
  }),
  'page/invalid-api': entry<{ value: string }>({
    severity: 'warning',
    message: ({ value }) => `Front matter \`api: "${value}"\` is not a method and a URL; the page is shown without the endpoint layout.`,
    hint: () => 'Write it as `api: "POST https://api.example.com/v1/things"`, or `api: "GET /things"` to use `api.baseUrl` from docs.json.',
  }),
  'page/compile-failed': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The page could not be compiled: ${reason}`,
    hint: () => 'Pages are MDX: close every tag, escape a literal `<` or `{` as `\\<` or `\\{`, and quote attribute values.',
  }),
  'page/render-failed': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The page could not be rendered: ${reason}`,
    hint: () => 'An expression or component on the page threw while rendering; check the values it uses.',
  }),
  'page/over-time-budget': entry<{ seconds: number }>({
    severity: 'error',
    message: ({ seconds }) => `The page took longer than its time budget of ${seconds} s to make; it was stopped and left out.`,
    hint: () =>
      'The usual cause is code on the page that never ends: a loop in an `export const`, in an expression, or in a snippet the page imports. A very large page or code block is the other. Fix that, or raise the budget with `--page-timeout <seconds>` (or KILN_PAGE_TIMEOUT).',
  }),
  'page/over-memory-budget': entry<{ megabytes: number }>({
    severity: 'error',
    message: ({ megabytes }) => `Making the page took more than its memory budget of ${megabytes} MB; it was stopped and left out.`,
    hint: () =>
      'The usual cause is code on the page that allocates without end (a list grown in a loop in an `export const`, an expression or an imported snippet); a huge page is the other. Fix that, or raise the budget with `--page-memory <MB>` (or KILN_PAGE_MEMORY).',
  }),
  'page/worker-stopped': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The thread making the page stopped (${reason}); the page was left out.`,
    hint: () => 'The rest of the site was made. Run the command again; if the page fails again, this is a bug in Kiln: please report it with the page.',
  }),
  'page/too-large': entry<{ size: string; limit: string }>({
    severity: 'error',
    message: ({ size, limit }) => `The page is ${size} long, over the ${limit} a page may have; it was not compiled.`,
    hint: () => 'Split it into several pages, or move generated data out of it (a file the page links to).',
  }),
  'page/too-deep': entry<{ depth: number; limit: number }>({
    severity: 'error',
    message: ({ depth, limit }) => `Lists or quotes are nested ${depth} levels deep here, over the ${limit} a page may have; the page was not compiled.`,
    hint: () => 'No reader follows more than a few levels: flatten the list, or put the content in a code block if it is data.',
  }),
  'page/unknown-component': entry<{ name: string }>({
    severity: 'warning',
    message: ({ name }) => `Unknown component <${name}>; readers see what it holds, without it (\`kiln dev\` marks the place).`,
    hint: () => 'Check the spelling, or define it with `export const` or import it from a snippet.',
  }),
  'page/import-not-found': entry<{ specifier: string }>({
    severity: 'warning',
    message: ({ specifier }) => `Import "${specifier}" could not be resolved; readers see what its components hold, without them (\`kiln dev\` marks the place), and its other names are undefined.`,
    hint: () => 'Import a snippet file of the project: .mdx, .md, or React components in .jsx, .tsx, .js or .ts (a path starting with / is from the project root, ./ from this file); check the path and the extension. Packages other than react cannot be imported: copy what the page needs into a snippet.',
  }),
  'icon/unknown': entry<{ name: string }>({
    severity: 'warning',
    message: ({ name }) => `Unknown icon "${name}"; a default icon is shown instead.`,
    hint: () => 'No icon library has this name. Use a name from Font Awesome (https://fontawesome.com/search?ic=free), Lucide (https://lucide.dev/icons) or Tabler (https://tabler.io/icons), as `icons.library` in docs.json says, an image path or URL, or inline <svg> markup.',
  }),
  'icon/pro-substitute': entry<{ name: string; shown: string }>({
    severity: 'info',
    message: ({ name, shown }) => `"${name}" is a Font Awesome Pro icon; the free "${shown}" is shown instead.`,
    hint: () => 'Kiln ships the free Font Awesome set. Name a free icon (https://fontawesome.com/search?ic=free) to choose the look yourself.',
  }),
  'icon/other-library': entry<{ name: string; library: string; from: string; shown: string }>({
    severity: 'info',
    message: ({ name, library, from, shown }) => `Icon "${name}" is not in ${library}; ${from}'s "${shown}" is shown instead.`,
    hint: ({ library }) => `Name a ${library} icon, or set \`icons.library\` in docs.json to the library your icon names come from.`,
  }),
  'code/unknown-language': entry<{ lang: string }>({
    severity: 'warning',
    message: ({ lang }) => `Unknown code language "${lang}"; the block is shown as plain text.`,
  }),
  'openapi/not-found': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `OpenAPI file "${source}" does not exist.`,
    hint: () => 'Paths in `openapi` are relative to the folder of docs.json (a leading / means the same); check the spelling.',
  }),
  'openapi/fetch-failed': entry<{ url: string; reason: string }>({
    severity: 'error',
    message: ({ url, reason }) => `OpenAPI file ${url} could not be fetched: ${reason}.`,
    hint: () => 'Check the URL and the network, or download the file into the project and name its path in `openapi`. A copy fetched earlier is kept in .kiln/cache/ and used when the URL is unreachable.',
  }),
  'openapi/fetch-cached': entry<{ url: string; reason: string }>({
    severity: 'warning',
    message: ({ url, reason }) => `OpenAPI file ${url} could not be fetched (${reason}); the copy cached in .kiln/cache/ is used.`,
  }),
  'openapi/parse-failed': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The OpenAPI file does not parse: ${reason}.`,
    hint: () => 'OpenAPI files are YAML or JSON; fix the syntax at the marked position.',
  }),
  'openapi/invalid': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The file is not a usable OpenAPI document: ${reason}.`,
    hint: () => 'An OpenAPI file has a top-level `openapi: 3.x` (or `swagger: "2.0"`) and a `paths` or `webhooks` object.',
  }),
  'openapi/ref-not-found': entry<{ ref: string }>({
    severity: 'warning',
    message: ({ ref }) => `OpenAPI reference "${ref}" points at nothing; it is shown as an unknown schema.`,
    hint: () => 'Check the file name and the JSON pointer after `#` (`#/components/schemas/Name`); names are case-sensitive.',
  }),
  'openapi/external-ref': entry<{ ref: string }>({
    severity: 'warning',
    message: ({ ref }) => `OpenAPI reference "${ref}" points at a URL; Kiln does not fetch referenced URLs (builds work offline), so it is shown as an unknown schema.`,
    hint: () => 'Download the referenced file into the project and refer to it by a relative path (`./schemas/pet.yaml#/Pet`).',
  }),
  'openapi/schema-violation': entry<{ path: string; reason: string; version: string }>({
    severity: 'warning',
    message: ({ path, reason, version }) => `\`${path}\` does not follow the OpenAPI ${version} schema: ${reason}.`,
    hint: () => 'The pages are still built from what the file holds; fix the file so other OpenAPI tools accept it too.',
  }),
  'openapi/spec-violation': entry<{ path: string; reason: string; version: string }>({
    severity: 'warning',
    message: ({ path, reason }) => `\`${path}\`: ${reason}.`,
    hint: () => 'The pages are still built from what the file holds; fix the file so other OpenAPI tools accept it too.',
  }),
  'openapi/more-findings': entry<{ count: number }>({
    severity: 'warning',
    message: ({ count }) => `${count} more problem${count === 1 ? '' : 's'} in this OpenAPI file are not listed.`,
    hint: () => 'Fix the ones listed first, or check the file with an OpenAPI validator.',
  }),
  'openapi/operation-not-found': entry<{ reference: string; page: string; closest: string[] }>({
    severity: 'error',
    message: ({ reference, page }) => `Page ${page} names the OpenAPI operation "${reference}", which no OpenAPI file of the site defines.`,
    hint: ({ closest }) => (closest.length ? `Closest operations: ${closest.join(', ')}.` : 'Name an OpenAPI file in `openapi` in docs.json, or add one to the project.'),
  }),
  // OpenAPI and AsyncAPI pages (issue 21): references found in several files, copies of URLs, settings of the API pages.
  'openapi/fetch-local-copy': entry<{ url: string; reason: string; copy: string }>({
    severity: 'warning',
    message: ({ url, reason, copy }) => `OpenAPI file ${url} could not be fetched (${reason}); the project's copy ${copy} is used.`,
    hint: () => 'The copy has the URL\'s file name; keep it in step with the published file, or build where the URL can be reached.',
  }),
  'openapi/ambiguous-operation': entry<{ reference: string; page: string; used: string; others: string[] }>({
    severity: 'warning',
    message: ({ reference, page, used, others }) => `Page ${page} names the OpenAPI operation "${reference}", which both ${used} and ${others.join(', ')} define; the one in ${used} is shown.`,
    hint: ({ used }) => `Name the file in the reference (\`${used} METHOD /path\`), or remove the operation from the other file.`,
  }),
  'openapi/excluded-entry': entry<{ reference: string }>({
    severity: 'info',
    message: ({ reference }) => `Navigation entry "${reference}" names an operation marked \`x-excluded\`; it gets no page.`,
    hint: () => 'Remove the entry, or `x-excluded` from the operation to publish it (`x-hidden` builds the page without listing it).',
  }),
  'openapi/playground-auth': entry<Record<string, never>>({
    severity: 'info',
    message: () => 'The playground is set to show only to signed-in readers (`api.playground.display: "auth"`); a Kiln site has no reader sign-in, so no reader sees it, as Mintlify does for readers who are not signed in.',
    hint: () => 'Use "interactive" to offer the playground to every reader, or "simple" or "none" to say plainly that there is none.',
  }),
  'asyncapi/not-found': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `AsyncAPI file "${source}" does not exist.`,
    hint: () => 'Paths in `asyncapi` are relative to the folder of docs.json (a leading / means the same); check the spelling.',
  }),
  'asyncapi/outside-project': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `AsyncAPI file "${source}" is outside the project folder; Kiln reads only files inside it, so it is left out.`,
    hint: () => 'Copy the file into the folder of docs.json and refer to it there (`asyncapi/events.yaml`).',
  }),
  'asyncapi/not-a-file': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `AsyncAPI file "${source}" is not a regular file (a folder, device or pipe); it is not read.`,
    hint: () => 'Name a YAML or JSON file of the project.',
  }),
  'asyncapi/too-large': entry<{ source: string; limit: string }>({
    severity: 'error',
    message: ({ source, limit }) => `AsyncAPI file "${source}" is larger than ${limit}; it is not read.`,
    hint: () => 'Split the document into files that refer to each other with `$ref`.',
  }),
  'asyncapi/fetch-failed': entry<{ url: string; reason: string }>({
    severity: 'error',
    message: ({ url, reason }) => `AsyncAPI file ${url} could not be fetched: ${reason}; its channels get no pages.`,
    hint: () => 'Check the URL and the network, or download the file into the project and name its path in `asyncapi`. A copy fetched earlier is kept in .kiln/cache/ and used when the URL is unreachable.',
  }),
  'asyncapi/fetch-cached': entry<{ url: string; reason: string }>({
    severity: 'warning',
    message: ({ url, reason }) => `AsyncAPI file ${url} could not be fetched (${reason}); the copy cached in .kiln/cache/ is used.`,
  }),
  'asyncapi/parse-failed': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The AsyncAPI file does not parse: ${reason}.`,
    hint: () => 'AsyncAPI files are YAML or JSON; fix the syntax at the marked position.',
  }),
  'asyncapi/invalid': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The file is not a usable AsyncAPI document: ${reason}; its channels get no pages.`,
    hint: () => 'An AsyncAPI file has a top-level `asyncapi: 3.0.0` (or 2.x) and `channels`. AsyncAPI Studio (https://studio.asyncapi.com) shows what the parser expects.',
  }),
  'asyncapi/finding': entry<{ path: string; reason: string }>({
    severity: 'warning',
    message: ({ path, reason }) => `${path ? `\`${path}\`: ` : ''}${reason} (AsyncAPI parser).`,
    hint: () => 'The channel pages are still built from what the file holds; fix the file so other AsyncAPI tools accept it too.',
  }),
  'asyncapi/more-findings': entry<{ count: number }>({
    severity: 'warning',
    message: ({ count }) => `${count} more problem${count === 1 ? '' : 's'} in this AsyncAPI file are not listed.`,
    hint: () => 'Fix the ones listed first, or check the file in AsyncAPI Studio.',
  }),
  'asyncapi/ref-refused': entry<{ ref: string; why: string }>({
    severity: 'error',
    message: ({ ref, why }) => `AsyncAPI reference "${ref}" ${why}, so it is shown as an empty schema.`,
    hint: () => 'Keep referenced files inside the project and refer to them by a relative path (`./schemas/chat.yaml#/Message`); Kiln does not fetch referenced URLs (builds work offline).',
  }),
  'asyncapi/channel-not-found': entry<{ reference: string; page: string; closest: string[] }>({
    severity: 'error',
    message: ({ reference, page }) => `Page ${page} names the AsyncAPI channel "${reference}", which no AsyncAPI file of the site defines.`,
    hint: ({ closest }) => (closest.length ? `Closest channels: ${closest.join(', ')}.` : 'Write `asyncapi: "path/to/asyncapi.yaml channelId"`, with the channel\'s key under `channels`, and name the file in `api.asyncapi` or keep it in the project.'),
  }),
  'asyncapi/unused-file': entry<{ source: string }>({
    severity: 'info',
    message: ({ source }) => `AsyncAPI file ${source} is named in the settings, but no navigation element or page shows its channels.`,
    hint: () => 'Add `"asyncapi": "<file>"` to a tab, anchor or group of the navigation (a page per channel), or `asyncapi: "<file> <channel>"` to a page\'s front matter.',
  }),
  'islands/bundle-failed': entry<{ reason: string }>({
    severity: 'warning',
    message: ({ reason }) => `The browser code of the stateful components could not be bundled: ${reason}`,
    hint: () => 'Pages with `export const` components that use state render their first state and do not respond. The `esbuild` package must be installed.',
  }),
  'islands/rendered-in-browser': entry<{ name: string; reason: string }>({
    severity: 'info',
    message: ({ name, reason }) => `<${name}> could not be rendered on the server (${reason}); readers' browsers render it when the page's script runs.`,
    hint: () => 'Mintlify renders custom components in the browser only, so reading `window` or `document` while rendering works there. To give readers without JavaScript (and search engines) something, test `typeof window !== "undefined"` or read them in `useEffect`.',
  }),
  'islands/server-only-component': entry<{ name: string; builtin: string }>({
    severity: 'warning',
    message: ({ name, builtin }) => `The stateful component ${name} renders <${builtin}>, which Kiln renders on the server only: readers see ${name} as first rendered, and it does not respond in the browser.`,
    hint: ({ builtin }) => `Keep <${builtin}> outside the component that holds the state (pass what it shows as children), or write the markup it stands for.`,
  }),
  'seo/social-card-failed': entry<{ reason: string }>({
    severity: 'warning',
    message: ({ reason }) => `The default social card could not be drawn: ${reason}`,
    hint: () => 'Pages without an `og:image` of their own have no preview image on social sites. Give one for the whole site in the settings (`"metadata": { "og:image": "/images/card.png" }`, a 1200×630 PNG), or check that the `@resvg/resvg-js` package is installed.',
  }),
  'build/write-failed': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `The site could not be written: ${reason}`,
    hint: () => 'The previous output was left as it was. Check that the output folder is writable.',
  }),
  'build/report-failed': entry<{ file: string; reason: string }>({
    severity: 'error',
    message: ({ file, reason }) => `The build report could not be written to ${file}: ${reason}`,
    hint: () => 'Give `--report` a file path in a writable folder (it is relative to the current folder).',
  }),
  // The output folder (output/guard.ts, output/write.ts): a build replaces it whole, so it refuses
  // any folder it could destroy, and says where each folder is when a swap goes wrong.
  'output/holds-project': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `The output folder ${dir} is the project folder or holds it; a build replaces its output folder whole, so nothing was built.`,
    hint: () => 'Give `--out` a folder of its own: inside the project (the default, `dist`) or beside it.',
  }),
  'output/not-a-folder': entry<{ dir: string; file: string }>({
    severity: 'error',
    message: ({ dir, file }) => (dir === file ? `The output folder ${dir} is a file; Kiln never writes over a file, so nothing was built.` : `The output folder ${dir} cannot be made: ${file} is a file, so nothing was built.`),
    hint: () => 'Give `--out` the path of a folder.',
  }),
  'output/not-kiln-output': entry<{ dir: string; marker: string }>({
    severity: 'error',
    message: ({ dir, marker }) => `The output folder ${dir} holds files Kiln did not write (there is no ${marker} file in it); a build replaces its output folder whole, so nothing was built.`,
    hint: () => 'Give `--out` a new or empty folder, or empty this one yourself if what it holds can go.',
  }),
  'output/read-only': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `${dir} is read-only, so the build cannot replace its output there; nothing was built.`,
    hint: () => 'Make the folder writable (`chmod u+w`), or give `--out` another folder.',
  }),
  'output/unusable': entry<{ dir: string; reason: string }>({
    severity: 'error',
    message: ({ dir, reason }) => `The output folder ${dir} cannot be used: ${reason}. Nothing was built.`,
    hint: () => 'Give `--out` a folder this user can read and write.',
  }),
  'output/swap-failed': entry<{ dir: string; old: string; tmp: string; reason: string; back: string }>({
    severity: 'error',
    message: ({ dir, old, tmp, reason, back }) => `The new output could not be moved to ${dir} (${reason}), nor the previous one put back (${back}). The previous output is in ${old}, the new one in ${tmp}.`,
    hint: ({ dir }) => `Move the one you want to ${dir}; the next build removes the other.`,
  }),
  'output/old-not-removed': entry<{ dir: string; old: string; reason: string }>({
    severity: 'warning',
    message: ({ dir, old, reason }) => `The new output is in ${dir}, but the previous one could not be removed (${reason}); it is in ${old}.`,
    hint: () => 'Remove that folder yourself (it may hold read-only files or folders); the next build tries again.',
  }),
  'output/recovered': entry<{ dir: string; from: string }>({
    severity: 'info',
    message: ({ dir, from }) => `A build was stopped while swapping in its output; the previous output was put back in ${dir} from ${from}.`,
  }),
  'output/leftover': entry<{ dir: string; reason: string }>({
    severity: 'warning',
    message: ({ dir, reason }) => `${dir}, left by a build that was stopped, could not be cleaned up: ${reason}.`,
    hint: () => 'Remove or rename it yourself; it is not part of the site.',
  }),
  'settings/unreadable': entry<{ file: string; reason: string }>({
    severity: 'error',
    message: ({ file, reason }) => `The settings file ${file} cannot be read: ${reason}.`,
    hint: () => 'docs.json (or mint.json) must be a readable file in the docs folder.',
  }),
  'search/index-failed': entry<{ reason: string }>({
    severity: 'warning',
    message: ({ reason }) => `The search index could not be built: ${reason}`,
    hint: () => 'The site works without it, but the search box finds nothing. Check that the `pagefind` package and its platform binary (`@pagefind/<platform>`) are installed.',
  }),
  'cli/invalid-site-url': entry<{ value: string }>({
    severity: 'error',
    message: ({ value }) => `\`--site ${value}\` is not an absolute http(s) URL.`,
    hint: () => 'Give the address the site is published at, e.g. `--site https://docs.example.com`.',
  }),
  'cli/invalid-workers': entry<{ value: string }>({
    severity: 'error',
    message: ({ value }) => `\`--workers ${value}\` is not a whole number from 0 to 64.`,
    hint: () => 'Give how many worker threads make pages, e.g. `--workers 2`; `--workers 0` builds in one thread.',
  }),
  'cli/unknown-command': entry<{ command: string }>({
    severity: 'error',
    message: ({ command }) => `Unknown command "${command}".`,
    hint: () => 'Run `kiln --help` to see the commands.',
  }),
  'cli/unknown-flag': entry<{ flag: string; command: string }>({
    severity: 'error',
    message: ({ flag, command }) => `Unknown option "${flag}" for \`kiln ${command}\`.`,
    hint: ({ command }) => `Run \`kiln ${command} --help\` to see its options.`,
  }),
  'cli/invalid-flag': entry<{ flag: string; reason: string }>({
    severity: 'error',
    message: ({ flag, reason }) => `Option ${flag}: ${reason}.`,
  }),
  'preview/no-build': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `There is no build to preview in ${dir}.`,
    hint: () => 'Run `kiln build` first; `kiln preview` serves only a folder a build wrote.',
  }),
  'server/port-in-use': entry<{ host: string; port: number; last?: number }>({
    severity: 'error',
    message: ({ host, port, last }) =>
      last !== undefined && last !== port
        ? `Ports ${port} to ${last} on ${host} are all in use.`
        : `Port ${port} on ${host} is already in use.`,
    hint: () => 'Stop the other server, or choose another port with `--port`.',
  }),
  'server/port-changed': entry<{ requested: number; port: number }>({
    severity: 'info',
    message: ({ requested, port }) => `Port ${requested} is busy, using ${port} instead.`,
  }),
  'server/listen-failed': entry<{ host: string; port: number; reason: string }>({
    severity: 'error',
    message: ({ host, port, reason }) => `Could not start the server on ${host}:${port}: ${reason}.`,
    hint: () => 'Check the `--host` value; ports below 1024 usually need administrator rights, so choose a higher `--port`.',
  }),
  'check/not-in-navigation': entry<{ url: string }>({
    severity: 'info',
    message: ({ url }) => `The page is not in the navigation; it is published at ${url}, but no sidebar links to it.`,
    hint: () => 'Add it to `navigation` in docs.json if readers should find it, or leave it as a hidden page.',
  }),
  'check/broken-link': entry<{ link: string; target: string }>({
    severity: 'error',
    message: ({ link, target }) => `Link "${link}" points at ${target}, which is no page or file of the site.`,
    hint: () => 'Link to a page by its URL (`/guides/setup`) or its file (`./setup.mdx`); check the spelling, or add a redirect.',
  }),
  'check/broken-anchor': entry<{ link: string; anchor: string; page: string; closest: string[] }>({
    severity: 'error',
    message: ({ link, anchor, page }) => `Link "${link}": page ${page} has no heading with the id "${anchor}".`,
    hint: ({ closest }) => (closest.length ? `Ids on that page that come close: ${closest.join(', ')}.` : 'Heading ids are the heading text in lower case with dashes (`## Set up` is `#set-up`).'),
  }),
  'check/missing-file': entry<{ reference: string; target: string }>({
    severity: 'error',
    message: ({ reference, target }) => `"${reference}" refers to ${target}, which does not exist in the project.`,
    hint: () => 'Paths starting with / are from the folder of docs.json; others are relative to the page. Add the file or fix the path.',
  }),
  'check/unknown-version': entry<{ version: string; where: string; versions: string[] }>({
    severity: 'error',
    message: ({ version, where }) => `${where} is shown only for version "${version}", which \`versions\` does not list; readers can never select it.`,
    hint: ({ version, versions }) => (versions.length ? `Listed versions: ${versions.join(', ')}. Add "${version}" there or fix the name.` : 'Add a `versions` list to docs.json, or remove the `version` key.'),
  }),
  'check/missing-title': entry<Record<string, never>>({
    severity: 'warning',
    message: () => 'The front matter has no `title`; the page is titled after its file name.',
    hint: () => 'Add `title: …` between the `---` lines at the top of the page.',
  }),
  'check/missing-description': entry<Record<string, never>>({
    severity: 'warning',
    message: () => 'The front matter has no `description`; the page has no summary under its title or in search results.',
    hint: () => 'Add `description: …` (one sentence) between the `---` lines at the top of the page.',
  }),
  'check/heading-level-1': entry<{ text: string }>({
    severity: 'warning',
    message: ({ text }) => `Level-1 heading "${text}" in the body; the page title is the only level-1 heading, so the body starts at level 2.`,
    hint: () => 'Use `##` for the top sections of a page, and `title` in the front matter for its title.',
  }),
  'check/image-no-alt': entry<{ src: string }>({
    severity: 'warning',
    message: ({ src }) => `Image "${src}" has no alt text; screen readers cannot describe it.`,
    hint: () => 'Describe the image: `![What it shows](/images/x.png)` or `<img src="…" alt="What it shows" />`.',
  }),
  'check/image-outside-frame': entry<{ src: string }>({
    severity: 'warning',
    message: ({ src }) => `Image "${src}" is not inside a <Frame>; images in the body are framed by convention.`,
    hint: () => 'Wrap it: `<Frame>![Alt](/images/x.png)</Frame>`.',
  }),
  'check/low-contrast': entry<{ what: string; fg: string; bg: string; ratio: string }>({
    severity: 'warning',
    message: ({ what, fg, bg, ratio }) => `${what}: ${fg} on ${bg} has a contrast ratio of ${ratio}:1, below the 4.5:1 WCAG AA asks for text.`,
    hint: () => 'Choose a darker colour for light backgrounds (a lighter one for dark backgrounds) until the ratio reaches 4.5:1.',
  }),
  'check/external-link': entry<{ url: string; reason: string }>({
    severity: 'warning',
    message: ({ url, reason }) => `External link "${url}" ${reason}.`,
    hint: () => 'Fix the address or remove the link. A site that refuses automated requests (403) or is only slow may still open in a browser.',
  }),
  // Safety: values that could inject script or reach outside the project (issue 26).
  'settings/implausible-url': entry<{ path: string; value: string; reason: string }>({
    severity: 'warning',
    message: ({ path, value, reason }) => `\`${path}\`: ${value} is not a plausible URL or path (${reason}); it is written escaped, where it cannot run as script, and will not work.`,
    hint: () => 'Give a file of the project (`/images/logo.png`), a page (`/guides/setup`) or an http(s) URL.',
  }),
  'settings/implausible-color': entry<{ path: string; value: string }>({
    severity: 'warning',
    message: ({ path, value }) => `\`${path}\`: ${value} is not a colour; it is left out.`,
    hint: () => 'Give a hex colour such as "#0d9373".',
  }),
  'settings/unsafe-redirect': entry<{ path: string; value: string; reason: string }>({
    severity: 'error',
    message: ({ path, value, reason }) => `\`${path}\`: ${value} is neither an http(s) URL nor a path of the site (${reason}); the redirect is left out.`,
    hint: () => 'A redirect leads to a path of the site (`/guides/new`) or to an absolute http(s) URL (`https://example.com/new`).',
  }),
  'settings/unsafe-redirect-source': entry<{ path: string; value: string; reason: string }>({
    severity: 'error',
    message: ({ path, value, reason }) => `\`${path}\`: ${value} is not a path of the site (${reason}); the redirect is left out.`,
    hint: () => 'A redirect is from a path of the site, such as `/guides/old` or `/blog/:slug*`.',
  }),
  'settings/unreachable-redirect-source': entry<{ path: string; value: string; reason: string }>({
    severity: 'warning',
    message: ({ path, value, reason }) => `\`${path}\`: ${value} can never match an address (${reason}); the redirect is left out.`,
    hint: () => 'Write the path as readers see it in the address bar, without escapes: `/learn/self_hosted/setup`.',
  }),
  'openapi/outside-project': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `OpenAPI file "${source}" is outside the project folder; Kiln reads only files inside it, so it is left out.`,
    hint: () => 'Copy the file into the folder of docs.json and refer to it there (`openapi/api.yaml`).',
  }),
  'openapi/ref-outside-project': entry<{ ref: string }>({
    severity: 'error',
    message: ({ ref }) => `OpenAPI reference "${ref}" points outside the project folder; Kiln reads only files inside it, so it is shown as an unknown schema.`,
    hint: () => 'Copy the referenced file into the project and refer to it by a relative path inside it (`./schemas/pet.yaml#/Pet`).',
  }),
  'openapi/not-a-file': entry<{ source: string }>({
    severity: 'error',
    message: ({ source }) => `OpenAPI file "${source}" is not a regular file (a folder, device or pipe); it is not read.`,
    hint: () => 'Name a YAML or JSON file of the project.',
  }),
  'openapi/too-large': entry<{ source: string; limit: string }>({
    severity: 'error',
    message: ({ source, limit }) => `OpenAPI file "${source}" is larger than ${limit}; it is not read.`,
    hint: () => 'Split the document into files that refer to each other with `$ref`, or remove what the documentation does not need.',
  }),
  // The project verbs: kiln init, kiln migrate, kiln rename.
  'cli/missing-argument': entry<{ command: string; usage: string }>({
    severity: 'error',
    message: ({ command, usage }) => `\`kiln ${command}\` needs more arguments: ${usage}.`,
    hint: ({ command }) => `See \`kiln ${command} --help\`.`,
  }),
  'init/not-empty': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `${dir} is not empty; \`kiln init\` writes a starter only into an empty or new folder, so nothing was written.`,
    hint: () => 'Name a new folder (`kiln init my-docs`), or empty this one first.',
  }),
  'init/not-a-folder': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `${dir} is a file, not a folder; nothing was written.`,
    hint: () => 'Name a new folder: `kiln init my-docs`.',
  }),
  'migrate/no-mint-json': entry<{ dir: string }>({
    severity: 'error',
    message: ({ dir }) => `No mint.json in ${dir}; there is nothing to migrate.`,
    hint: () => 'Run `kiln migrate` on the folder that holds the classic mint.json.',
  }),
  'migrate/docs-json-exists': entry<{ file: string }>({
    severity: 'error',
    message: ({ file }) => `${file} already exists; \`kiln migrate\` does not replace it, so nothing was written.`,
    hint: () => 'Pass `--force` to replace it with the migrated settings, or move it away first.',
  }),
  'migrate/invalid-settings': entry<Record<string, never>>({
    severity: 'error',
    message: () => 'mint.json has errors (listed above); it was not migrated.',
    hint: () => 'Fix them (`kiln check` lists them too), then run `kiln migrate` again.',
  }),
  'migrate/already-docs-json': entry<Record<string, never>>({
    severity: 'error',
    message: () => 'mint.json is already in the docs.json layout (its `navigation` is an object); there is nothing to convert.',
    hint: () => 'Rename it to docs.json.',
  }),
  'migrate/not-carried': entry<{ path: string; reason: string }>({
    severity: 'warning',
    message: ({ path, reason }) => `\`${path}\` is not carried over to docs.json: ${reason}.`,
    hint: () => 'mint.json is kept as it was; move the setting by hand if docs.json gains a place for it.',
  }),
  'rename/not-a-page': entry<{ page: string }>({
    severity: 'error',
    message: ({ page }) => `"${page}" is not a page of this docs folder (no such .mdx or .md file outside snippets/); nothing was changed.`,
    hint: () => 'Give the page path as the navigation writes it (`guides/setup`) or its file (`guides/setup.mdx`), relative to the docs folder.',
  }),
  'rename/target-exists': entry<{ target: string }>({
    severity: 'error',
    message: ({ target }) => `"${target}" already exists; \`kiln rename\` does not overwrite a file, so nothing was changed.`,
    hint: () => 'Choose another new path, or move that file away first.',
  }),
  'rename/invalid-target': entry<{ target: string; reason: string }>({
    severity: 'error',
    message: ({ target, reason }) => `"${target}" cannot be the new path: ${reason}; nothing was changed.`,
    hint: () => 'Give a path inside the docs folder, such as `guides/new-name`.',
  }),
  'rename/unparsed-file': entry<{ reason: string }>({
    severity: 'warning',
    message: ({ reason }) => `Links in this file were not rewritten: it does not parse as MDX (${reason}).`,
    hint: () => 'Fix the syntax error (`kiln check` shows it), then update its links to the renamed page by hand.',
  }),
  'internal/unexpected': entry<{ reason: string }>({
    severity: 'error',
    message: ({ reason }) => `Kiln hit an unexpected problem: ${reason}`,
    hint: () => 'This is a bug in Kiln. Please report it with the command you ran; set KILN_DEBUG=1 to see the stack trace.',
  }),
} as const;

export type Code = keyof typeof catalogue;
export type ArgsOf<C extends Code> = (typeof catalogue)[C] extends Entry<infer A> ? A : never;

/** A diagnostic made from catalogue entry `C`: its code and the arguments its message was made from. */
export type DiagnosticOf<C extends Code> = Diagnostic & { code: C; args: ArgsOf<C> };

/** Create a catalogued diagnostic. */
export function diag<C extends Code>(
  code: C,
  args: ArgsOf<C>,
  where: Partial<Pick<Diagnostic, 'file' | 'line' | 'column' | 'jsonPath' | 'frame' | 'severity'>> = {},
): DiagnosticOf<C> {
  const e = catalogue[code] as unknown as Entry<ArgsOf<C>>;
  const d = { code, severity: where.severity ?? e.severity, message: e.message(args), args } as DiagnosticOf<C>;
  const hint = e.hint?.(args);
  if (hint) d.hint = hint;
  for (const k of ['file', 'line', 'column', 'jsonPath', 'frame'] as const) {
    if (where[k] !== undefined) (d as unknown as Record<string, unknown>)[k] = where[k];
  }
  return d;
}

/**
 * The arguments of `d` when it is a `code` diagnostic made by `diag`, typed as that catalogue
 * entry's (`argsOf(d, 'icon/unknown')?.name`); undefined for any other diagnostic.
 */
export function argsOf<C extends Code>(d: Pick<Diagnostic, 'code' | 'args'>, code: C): ArgsOf<C> | undefined {
  return d.code === code && d.args ? (d.args as ArgsOf<C>) : undefined;
}
