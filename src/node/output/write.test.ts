import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputWriter } from './write.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function previousBuild(): { out: string; writer: OutputWriter } {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-write-'));
  const out = path.join(dir, 'dist');
  mkdirSync(out);
  writeFileSync(path.join(out, 'index.html'), 'previous');
  return { out, writer: new OutputWriter(out) };
}

describe('OutputWriter', () => {
  it('swaps the new output in on commit and leaves nothing beside it', async () => {
    const { out, writer } = previousBuild();
    await writer.begin();
    await writer.write('index.html', 'new');
    await writer.commit();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('an interruption before commit drops what was written', async () => {
    const { out, writer } = previousBuild();
    await writer.begin();
    await writer.write('index.html', 'half');
    writer.abortSync();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('an interruption between the two renames of commit puts the previous output back', async () => {
    const { out, writer } = previousBuild();
    await writer.begin();
    await writer.write('index.html', 'new');
    renameSync(out, `${writer.tmp}-old`); // commit's first step, then Ctrl-C
    writer.abortSync();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('an interruption while the previous output is being removed keeps the new one', async () => {
    const { out, writer } = previousBuild();
    await writer.begin();
    await writer.write('index.html', 'new');
    renameSync(out, `${writer.tmp}-old`);
    renameSync(writer.tmp, out); // commit's second step, then Ctrl-C before the clean-up
    writer.abortSync();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(existsSync(`${writer.tmp}-old`)).toBe(false);
    expect(readdirSync(dir)).toEqual(['dist']);
  });
});
