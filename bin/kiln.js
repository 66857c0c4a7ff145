#!/usr/bin/env node
import('../lib/cli/index.js').then((m) => m.main(process.argv.slice(2)));
