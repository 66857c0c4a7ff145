import { afterEach, describe, expect, it, vi } from 'vitest';

// `kiln check --format json` is read by programs: whatever goes wrong, stdout is one JSON document.
const checkSite = vi.hoisted(() => vi.fn());
vi.mock('../../node/check/check.js', () => ({ checkSite }));

const { default: run } = await import('./check.js');
const { main } = await import('../index.js');

/** What `write` was given while `during` ran. */
async function capture(stream: NodeJS.WriteStream, during: () => Promise<unknown>): Promise<string> {
  let text = '';
  const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => ((text += String(chunk)), true));
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return text;
}

afterEach(() => {
  checkSite.mockReset();
  process.exitCode = undefined;
});

describe('kiln check --format json', () => {
  it('prints JSON, and exits 1, when the check hits an unexpected problem', async () => {
    checkSite.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'def')"));
    let code: number | undefined;
    const stdout = await capture(process.stdout, async () => (code = await run('/docs', { format: 'json' })));
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      root: '/docs',
      pages: 0,
      summary: { errors: 1, warnings: 0, infos: 0 },
      findings: [
        {
          file: null,
          line: null,
          column: null,
          severity: 'error',
          code: 'internal/unexpected',
          message: "Kiln hit an unexpected problem: Cannot read properties of undefined (reading 'def')",
          hint: 'This is a bug in Kiln. Please report it with the command you ran; set KILN_DEBUG=1 to see the stack trace.',
        },
      ],
    });
  });

  it('prints JSON about its command line too', async () => {
    let stderr = '';
    const stdout = await capture(process.stdout, async () => (stderr = await capture(process.stderr, () => main(['check', '.', '--format', 'json', '--bogus']))));
    expect(process.exitCode).toBe(2);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({ code: 'cli/unknown-flag', message: 'Unknown option "--bogus" for `kiln check`.' })]);
    expect(checkSite).not.toHaveBeenCalled();
  });

  it('text stays text', async () => {
    checkSite.mockRejectedValue(new Error('boom'));
    const stderr = await capture(process.stderr, () => main(['check', '/docs']));
    expect(stderr).toContain('error  internal/unexpected  Kiln hit an unexpected problem: boom');
    expect(process.exitCode).toBe(1);
  });
});
