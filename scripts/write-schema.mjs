// Writes the JSON Schema of docs.json into lib/docs.schema.json (shipped with the package, so a
// docs.json can point its "$schema" at node_modules/kiln-docs/lib/docs.schema.json). Runs after tsc:
// it uses the compiled generator that `kiln schema` prints from.
import { writeFileSync } from 'node:fs';
import { settingsJsonSchema } from '../lib/node/check/schema.js';

writeFileSync(new URL('../lib/docs.schema.json', import.meta.url), JSON.stringify(settingsJsonSchema(), null, 2) + '\n');
