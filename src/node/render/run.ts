import { run } from '@mdx-js/mdx';
import type { MDXContent } from 'mdx/types';
import * as runtime from 'react/jsx-runtime';
import { pageScope } from './islands.js';

/** Evaluates a compiled page (function-body output) into its React component. */
export async function runCompiled(code: string): Promise<MDXContent> {
  return (await runCompiledModule(code)).default;
}

/** The whole module: its content as `default`, and whatever it exports (`export const Button`). */
export async function runCompiledModule(code: string): Promise<{ default: MDXContent } & Record<string, unknown>> {
  return run(code, { ...runtime, baseUrl: import.meta.url, ...({ _kilnScope: pageScope } as object) });
}
