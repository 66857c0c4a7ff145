/**
 * YAML aliases (`*name`) share one value between places, so a few lines can stand for billions of
 * values ("billion laughs"), and an alias inside its own anchor makes a cycle. Anything that walks
 * such a value as a tree (validation, JSON, rendering) then never ends. This counts the values a
 * parsed YAML document stands for, each alias counted where it is used, and stops at `limit`.
 */
export function expandsBeyond(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++count > limit) return true;
    if (v && typeof v === 'object') {
      if (Array.isArray(v)) for (const x of v) stack.push(x);
      else for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}
