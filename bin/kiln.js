#!/usr/bin/env node
// React's development build is several times slower and prints warnings meant for app authors.
process.env.NODE_ENV ??= 'production';
const argv = process.argv.slice(2);
// `kiln build` runs on a thread of its own, so that Ctrl-C stops it even when a page's code never
// returns (lib/bundle/supervise.js); this thread then loads none of the rest.
if (argv[0] === 'build') import('../lib/bundle/supervise.js').then((m) => m.supervise(argv));
else import('../lib/bundle/cli.js').then((m) => m.main(argv));
