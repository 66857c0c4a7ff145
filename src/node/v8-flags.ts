import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings every `kiln` command runs with, set by its entry points before any thread starts
 * (flags are the process's, so build workers share them).
 *
 * `--regexp-tier-up-ticks=0`: V8 first runs a new regular expression in its bytecode interpreter
 * and compiles it to machine code when it runs again, so most pay for two compilations and a slow
 * first pass. Highlighting is where that shows: a TextMate grammar is hundreds of large patterns
 * (SQL's keyword list is one of 9,933 characters), each run a few times per block. That pattern's
 * first 33 matches took 40-53 ms with the tiers and 10-14 ms compiled straight to machine code; the
 * corpus's blocks took 8-12 % less CPU at once, the blocks Shiki takes about 30 % less (builds gain
 * less than their run-to-run noise). With no ticks a pattern is marked for machine code when it is
 * created (the default of later V8 versions). Patterns made before the flag is set keep their ticks.
 * `--no-regexp-tier-up` is not the same: set while the process runs, it left patterns already
 * compiled to bytecode to be run as machine code, and a build crashed (segmentation fault).
 * The flag changes how patterns are compiled, never what they match.
 */
export const V8_FLAGS = ['--regexp-tier-up-ticks=0'] as const;

let set = false;
export function setV8Flags(): void {
  if (set) return;
  set = true;
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}
