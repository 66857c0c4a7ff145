import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { V8_FLAGS } from './v8-flags.js';

/**
 * A Node process that runs `script` with the flags set as `setV8Flags` sets them (after start-up,
 * with regular expressions already compiled), or without when `flags` is empty.
 */
function run(script: string, flags: readonly string[], nodeArgs: string[] = []) {
  const set = `for (const f of ${JSON.stringify(flags)}) (await import('node:v8')).setFlagsFromString(f);\n`;
  return spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script.replace('/* SET */', set)], { encoding: 'utf8' });
}

describe('V8 flags', () => {
  it('leave the patterns compiled before them working', () => {
    // `--no-regexp-tier-up` set at this point made V8 run bytecode as machine code: a crash.
    const r = run(
      `const res = [/a+b/, /(\\w+)@(\\w+)\\.com/g, /^\\s*#+\\s+(.*)$/m, new RegExp('x(y|z)*', 'i')];
       const text = 'aab joe@example.com\\n## Title\\nxyzzy';
       for (const re of res) { re.lastIndex = 0; re.exec(text); }
       /* SET */
       let n = 0;
       for (let i = 0; i < 3; i++) for (const re of res) { re.lastIndex = 0; if (re.exec(text + i)) n++; }
       console.log('matched', n);`,
      V8_FLAGS,
    );
    expect({ status: r.status, signal: r.signal, stdout: r.stdout.trim() }).toEqual({ status: 0, signal: null, stdout: 'matched 12' });
  });

  it('compile the patterns made after them straight to machine code', () => {
    // V8 prints a line per bytecode compilation with this flag: 20 new patterns, run twice each,
    // add 20 lines without the flags and none with them.
    const script = `/* SET */
      for (let i = 0; i < 20; i++) { const re = new RegExp('k' + i + '(a|b)+c', 'g'); re.exec('xk' + i + 'abc'); re.lastIndex = 0; re.exec('k' + i + 'bbc'); }`;
    const bytecode = (flags: readonly string[]) => {
      const r = run(script, flags, ['--trace-regexp-tier-up']);
      expect(r.status).toBe(0);
      return r.stdout.split('\n').filter((l) => /bytecode size/.test(l)).length;
    };
    expect(bytecode([]) - bytecode(V8_FLAGS)).toBeGreaterThanOrEqual(20);
  });
});
