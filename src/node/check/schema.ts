import { z } from 'zod';
import { classicSchema, v2Schema } from '../settings/schema/index.js';

/**
 * JSON Schema of the settings file, generated from the zod schemas the loader validates with, so
 * it cannot drift: either layout (classic mint.json style, or the newer docs.json) is accepted.
 * `kiln schema` prints it; the package build writes it to `lib/docs.schema.json`.
 */
export function settingsJsonSchema(): Record<string, unknown> {
  const opts = { unrepresentable: 'any', io: 'input', target: 'draft-2020-12' } as const;
  // Each generated schema has its own `$defs` with root-relative refs: hoist them to the root, renamed.
  const defs: Record<string, unknown> = {};
  const part = (schema: z.ZodType, prefix: string, title: string) => {
    const json = JSON.stringify(z.toJSONSchema(schema, opts)).replace(/"#\/\$defs\/([^"]+)"/g, (_, name: string) => JSON.stringify(`#/$defs/${prefix}${name}`));
    const { $schema: _s, $defs, ...rest } = JSON.parse(json) as Record<string, unknown>;
    for (const [name, def] of Object.entries(($defs as Record<string, unknown> | undefined) ?? {})) defs[prefix + name] = def;
    return { title, ...rest };
  };
  const anyOf = [
    part(classicSchema, 'classic', 'Classic layout (navigation as a list of groups)'),
    part(v2Schema, 'v2', 'docs.json layout (navigation as an object)'),
  ];
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Kiln docs.json',
    description: 'Settings of a Kiln documentation site: docs.json (or mint.json), in the classic or the newer layout.',
    anyOf,
    $defs: defs,
  };
}
