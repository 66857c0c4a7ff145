import type { Handler } from '../types.js';

/** `<Icon>`: decoration only, left out. */
export const icon: Handler = () => [];
