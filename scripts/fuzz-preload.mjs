// Preloaded into each `kiln` the fuzz harness runs (scripts/fuzz.mjs): offline as the tests are
// (fetch() to any host but loopback fails), and the process's peak resident memory written at exit.
import { writeFileSync } from 'node:fs';
import '../tests/fixtures/offline-fetch.mjs';

const file = process.env.KILN_FUZZ_RSS;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
