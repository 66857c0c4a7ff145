import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Settings } from '../settings/types.js';

export const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const examples = path.resolve(fixtures, '../../../../node_modules/@readme/oas-examples');

/** The settings fields the OpenAPI loader reads. */
export function settingsWith(openapi: string[], api: Partial<Settings['api']> = {}): Settings {
  return {
    file: path.join(fixtures, 'docs.json'), name: 'Test', navigation: [], colors: { primary: '#000000' }, topbarLinks: [], versions: [], anchors: [],
    topAnchor: { name: 'Docs', icon: 'book', iconType: 'duotone' }, tabs: [], api: { playground: { mode: 'show' }, ...api }, openapi,
    footerSocials: [], feedback: { suggestEdit: false, raiseIssue: false }, modeToggle: { isHidden: false },
  };
}
