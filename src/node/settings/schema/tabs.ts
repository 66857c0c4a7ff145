import { z } from 'zod';
import { text } from './common.js';

/** A navigational tab. */
export const tab = z.object({
  /** Tab label. */
  name: text,
  /** URL prefix of the pages that belong to the tab (usually a folder). */
  url: text,
  /** OpenAPI file whose endpoints live under this tab. */
  openapi: text.optional(),
  /** Shows the tab only when this docs version is selected. */
  version: text.optional(),
});

/** Navigational tabs. */
export const tabs = z.array(tab);
