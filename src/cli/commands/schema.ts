import { settingsJsonSchema } from '../../node/check/schema.js';

/** `kiln schema`: the JSON Schema of docs.json on stdout (the folder argument is not used). */
export default async function run(): Promise<number> {
  process.stdout.write(JSON.stringify(settingsJsonSchema(), null, 2) + '\n');
  return 0;
}
