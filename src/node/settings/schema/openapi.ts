import { oneOrMany } from './common.js';

/** URL(s) or relative path(s) of OpenAPI file(s): one string or an array. */
export const openapi = oneOrMany;
