import { z } from 'zod';
import { text } from './common.js';

/** Version names; used only to show a version dropdown in the navigation bar. */
export const versions = z.array(text);
