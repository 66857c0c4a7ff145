#!/usr/bin/env node
// React's development build is several times slower and prints warnings meant for app authors.
process.env.NODE_ENV ??= 'production';
import('../lib/bundle/cli.js').then((m) => m.main(process.argv.slice(2)));
