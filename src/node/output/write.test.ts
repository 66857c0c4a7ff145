import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KilnError } from '../diagnostics/diagnostic.js';
import { OUTPUT_MARKER } from './guard.js';
import { OutputWriter, recoverInterrupted, tempFolder } from './write.js';

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
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'index.html']);
    expect(writer.state).toBe('replaced');
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

/** A writer whose `n`th rename (1: output aside, 2: new output in, 3: previous back) fails, or whose removal of the previous output fails. */
class FaultyWriter extends OutputWriter {
  renames = 0;
  constructor(
    outDir: string,
    private readonly failing: number[],
    private readonly removeFails = false,
  ) {
    super(outDir);
  }
  protected override rename(from: string, to: string): void {
    if (this.failing.includes(++this.renames)) throw Object.assign(new Error(`EIO: injected failure, rename ${this.renames}`), { code: 'EIO' });
    super.rename(from, to);
  }
  protected override removeTree(dir: string): void {
    if (this.removeFails) throw Object.assign(new Error('EACCES: permission denied, injected'), { code: 'EACCES' });
    super.removeTree(dir);
  }
}

describe('OutputWriter.commit when the file system fails', () => {
  it('puts the previous output back when the new one cannot be moved in', async () => {
    const { out } = previousBuild();
    const writer = new FaultyWriter(out, [2]);
    await writer.begin();
    await writer.write('index.html', 'new');
    await expect(writer.commit()).rejects.toThrow('EIO: injected failure, rename 2');
    expect(writer.state).toBe('untouched');
    await writer.abort();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('says where both outputs are when the previous one cannot be put back either, and removes neither', async () => {
    const { out } = previousBuild();
    const writer = new FaultyWriter(out, [2, 3]);
    await writer.begin();
    await writer.write('index.html', 'new');
    const error = await writer.commit().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(KilnError);
    expect((error as KilnError).diagnostics).toEqual([
      expect.objectContaining({
        code: 'output/swap-failed',
        severity: 'error',
        message: `The new output could not be moved to ${out} (EIO: injected failure, rename 2), nor the previous one put back (EIO: injected failure, rename 3). The previous output is in ${writer.tmp}-old, the new one in ${writer.tmp}.`,
      }),
    ]);
    expect(writer.state).toBe('displaced');
    await writer.abort();
    writer.abortSync();
    expect(readFileSync(path.join(`${writer.tmp}-old`, 'index.html'), 'utf8')).toBe('previous');
    expect(readFileSync(path.join(writer.tmp, 'index.html'), 'utf8')).toBe('new');
  });

  it('leaves the output as it was when it cannot be moved aside', async () => {
    const { out } = previousBuild();
    const writer = new FaultyWriter(out, [1]);
    await writer.begin();
    await expect(writer.commit()).rejects.toThrow('rename 1');
    expect(writer.state).toBe('untouched');
    await writer.abort();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('is done, with a warning, when the previous output cannot be removed', async () => {
    const { out } = previousBuild();
    const writer = new FaultyWriter(out, [], true);
    await writer.begin();
    await writer.write('index.html', 'new');
    expect(await writer.commit()).toMatchObject({
      code: 'output/old-not-removed',
      severity: 'warning',
      message: `The new output is in ${out}, but the previous one could not be removed (EACCES: permission denied, injected); it is in ${writer.tmp}-old.`,
    });
    expect(writer.state).toBe('replaced');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
  });
});

/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('recoverInterrupted', () => {
  it('puts back the previous output of a build killed between the two renames, and removes its new one', () => {
    const { out } = previousBuild();
    const pid = deadPid();
    renameSync(out, `${tempFolder(out, pid)}-old`);
    mkdirSync(tempFolder(out, pid));
    writeFileSync(path.join(tempFolder(out, pid), 'index.html'), 'new, never swapped in');
    expect(recoverInterrupted(out)).toEqual([
      expect.objectContaining({ code: 'output/recovered', severity: 'info', message: `A build was stopped while swapping in its output; the previous output was put back in ${out} from ${tempFolder(out, pid)}-old.` }),
    ]);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['dist']);
  });

  it('removes what killed builds left beside the output, and nothing of builds still running or of other outputs', () => {
    const { out } = previousBuild();
    const [a, b] = [deadPid(), deadPid()];
    for (const name of [tempFolder(out, a), `${tempFolder(out, b)}-old`, tempFolder(out, process.ppid), tempFolder(path.join(dir, 'site'), a)]) {
      mkdirSync(path.join(name, 'guides'), { recursive: true });
      writeFileSync(path.join(name, 'guides', 'a.html'), 'x');
    }
    expect(recoverInterrupted(out)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([path.basename(tempFolder(path.join(dir, 'site'), a)), path.basename(tempFolder(out, process.ppid)), 'dist'].sort());
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
  });
});
