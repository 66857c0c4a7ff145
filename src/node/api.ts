/** What scripts and the benchmark use of Kiln in-process (bundled as lib/bundle/api.js). */
export { build } from './build/build.js';
export { BuildTimings } from './build/timings.js';
export { loadSettings } from './settings/load.js';
export { setV8Flags } from './v8-flags.js';
