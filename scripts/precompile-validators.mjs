// Compiles the OpenAPI schema validators (ajv, one per OpenAPI version) into lib/openapi-validators/
// as ajv's standalone code, so that no build or dev server compiles them at start (the 3.1 schema
// took 0.3-0.5 s). Each file starts with the key of what it was made from; one made from other
// package versions is not used, and Kiln compiles the schema as before (src/node/openapi/validate.ts).
// Runs after tsc: it uses lib/'s build of validate.ts, so both agree.
import { mkdirSync, writeFileSync } from 'node:fs';

const { PRECOMPILED_VALIDATORS, validatorFile, validatorSource } = await import('../lib/node/openapi/validate.js');

const start = performance.now();
mkdirSync(PRECOMPILED_VALIDATORS, { recursive: true });
let bytes = 0;
for (const version of ['2.0', '3.0', '3.1']) {
  const code = validatorSource(version);
  writeFileSync(validatorFile(version), code);
  bytes += code.length;
}
console.log(`OpenAPI validators: 3 versions, ${(bytes / 1e3).toFixed(0)} KB in ${((performance.now() - start) / 1000).toFixed(1)} s`);
