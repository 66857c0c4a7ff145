import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isKilnOutput, OUTPUT_MARKER, outputRefusal } from './guard.js';
import { OutputWriter } from './write.js';

let dir: string;
let project: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-guard-'));
  project = path.join(dir, 'docs');
  mkdirSync(project);
  writeFileSync(path.join(project, 'docs.json'), '{}');
});
afterEach(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

const refusal = (out: string) => outputRefusal(project, out);

describe('outputRefusal', () => {
  it('takes a new folder, an empty one, and a Kiln output', async () => {
    expect(refusal(path.join(project, 'dist'))).toBeUndefined();
    expect(refusal(path.join(dir, 'site', 'deep', 'dist'))).toBeUndefined();
    mkdirSync(path.join(dir, 'empty'));
    expect(refusal(path.join(dir, 'empty'))).toBeUndefined();
    const writer = new OutputWriter(path.join(dir, 'built'));
    await writer.begin();
    await writer.write('index.html', 'x');
    await writer.commit();
    expect(isKilnOutput(path.join(dir, 'built'))).toBe(true);
    expect(refusal(path.join(dir, 'built'))).toBeUndefined();
  });

  it('takes the output of a Kiln from before the marker (it has _kiln/assets/)', () => {
    mkdirSync(path.join(dir, 'old', '_kiln', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'old', 'index.html'), 'x');
    expect(refusal(path.join(dir, 'old'))).toBeUndefined();
  });

  it('refuses the project, the folders that hold it, and a link to them', () => {
    for (const out of [project, dir, path.dirname(dir), '/']) {
      expect(refusal(out), out).toMatchObject({ code: 'output/holds-project', severity: 'error', message: `The output folder ${out} is the project folder or holds it; a build replaces its output folder whole, so nothing was built.` });
    }
    symlinkSync(dir, path.join(project, 'up'));
    expect(refusal(path.join(project, 'up'))?.code).toBe('output/holds-project');
    expect(refusal(path.join(project, 'up', 'elsewhere'))).toBeUndefined();
  });

  it('refuses a file, and a path through a file', () => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'keep me');
    expect(refusal(file)).toMatchObject({ code: 'output/not-a-folder', message: `The output folder ${file} is a file; Kiln never writes over a file, so nothing was built.` });
    expect(refusal(path.join(file, 'dist'))).toMatchObject({ code: 'output/not-a-folder', message: `The output folder ${path.join(file, 'dist')} cannot be made: ${file} is a file, so nothing was built.` });
  });

  it('refuses a folder that holds anything but a Kiln output', () => {
    const other = path.join(dir, 'photos');
    mkdirSync(other);
    writeFileSync(path.join(other, 'cat.jpg'), 'x');
    expect(refusal(other)).toMatchObject({
      code: 'output/not-kiln-output',
      message: `The output folder ${other} holds files Kiln did not write (there is no ${OUTPUT_MARKER} file in it); a build replaces its output folder whole, so nothing was built.`,
    });
    // A folder of the project too (`--out guides`).
    mkdirSync(path.join(project, 'guides'));
    writeFileSync(path.join(project, 'guides', 'setup.mdx'), '# Setup');
    expect(refusal(path.join(project, 'guides'))?.code).toBe('output/not-kiln-output');
  });

  it('refuses a read-only output folder, or one in a read-only folder', async () => {
    const writer = new OutputWriter(path.join(dir, 'built'));
    await writer.begin();
    await writer.commit();
    chmodSync(path.join(dir, 'built'), 0o555);
    expect(refusal(path.join(dir, 'built'))).toMatchObject({ code: 'output/read-only', message: `${path.join(dir, 'built')} is read-only, so the build cannot replace its output there; nothing was built.` });
    chmodSync(path.join(dir, 'built'), 0o755);
    chmodSync(dir, 0o555);
    expect(refusal(path.join(dir, 'built'))).toMatchObject({ code: 'output/read-only', message: `${dir} is read-only, so the build cannot replace its output there; nothing was built.` });
    expect(refusal(path.join(dir, 'new'))).toMatchObject({ code: 'output/read-only' });
  });
});
