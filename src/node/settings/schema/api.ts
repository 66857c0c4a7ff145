import { z } from 'zod';
import { oneOrMany, text } from './common.js';

/** How the API playground collects credentials. */
export const apiAuth = z.object({
  /** Authentication strategy used for all endpoints. */
  method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(),
  /** Name of the authentication parameter; `[usernameName]:[passwordName]` for `basic`. */
  name: text.optional(),
  /** Default content (prefix) of the authentication input field. */
  inputPrefix: z.string().optional(),
});

/** API settings of the reference pages. */
export const api = z.object({
  /** Base URL of all endpoints; an array lets the reader switch between several. */
  baseUrl: oneOrMany.optional(),
  /** Authentication of the playground. */
  auth: apiAuth.optional(),
  /** Playground settings. */
  playground: z
    .object({
      /** `show` (default), `simple` (endpoint only, no interactivity) or `hide`. */
      mode: z.enum(['show', 'simple', 'hide']).optional(),
      /** Mintlify: call the API directly instead of through a proxy. Accepted, not used. */
      disableProxy: z.boolean().optional(),
    })
    .optional(),
  /** Keep the key order of OpenAPI-generated pages as in the file. */
  maintainOrder: z.boolean().optional(),
  /** Which parameter fields start expanded: `all` opens every child attribute list; the others leave them folded. */
  paramFields: z.object({ expanded: z.enum(['all', 'topLevel', 'topLevelOneOfs', 'none']).optional() }).optional(),
  /** Request example options: `example.languages` are the generated examples' languages, in order. */
  request: z
    .object({
      example: z
        .object({ showOptionalParams: z.boolean().optional(), languages: z.array(text).optional() })
        .optional(),
    })
    .optional(),
});
