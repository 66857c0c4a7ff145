// The MDX node types as remark-mdx declares them, loaded before satteri's own declarations of the
// same nodes (which lack `estree`): whichever the compiler meets first wins for every module.
import type {} from 'remark-mdx';

/**
 * satteri, the native (Rust) Markdown and MDX parser, loaded once for its two uses: MDX pages
 * (mdx/native-parse.ts) and OpenAPI descriptions (openapi/markdown.ts). Undefined when it has no
 * binary for this platform: the JS parsers (micromark) then do everything.
 */
export const satteri: typeof import('satteri') | undefined = await import('satteri').catch(() => undefined);
