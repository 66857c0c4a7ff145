import { text } from './common.js';

/** Background image displayed behind every page. */
export const backgroundImage = text;
