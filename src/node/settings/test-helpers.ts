import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from '../diagnostics/format.js';
import { loadSettings } from './load.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Load a fixture; `text` is the diagnostics as a terminal shows them, paths relative to it. */
export async function loadFixture(name: string) {
  const root = path.join(FIXTURES, name);
  const result = await loadSettings(root);
  const text = result.diagnostics.map((d) => formatDiagnostic(d, root)).join('\n\n');
  const settings = result.settings && { ...result.settings, file: path.relative(root, result.settings.file), sources: result.settings.sources?.map((f) => path.relative(root, f)) };
  // A spread leaves out what is not enumerable.
  if (settings) Object.defineProperty(settings, 'positions', { value: result.settings!.positions, enumerable: false });
  return { ...result, settings, text };
}
