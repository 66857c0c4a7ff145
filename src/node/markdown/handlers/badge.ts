import { asPhrasing, strong } from '../build.js';
import type { Handler } from '../types.js';

/** `<Badge>`: its text in bold. */
export const badge: Handler = async (node, ctx) => [strong(...asPhrasing(await ctx.children(node)))];
