import { spawn } from 'node:child_process';

/**
 * When each file of a docs folder was last changed, from git: ONE `git log` over the folder's
 * history (newest first), whose first mention of a file is its date. Files outside git (no
 * checkout, git not installed, untracked files) are simply absent; nothing here throws.
 *
 * `wanted` (project-relative paths) lets the log stop as soon as every one of them has a date,
 * so a long history is not read to its start. The commit date is used (when the change landed).
 */
export function gitLastModified(root: string, wanted?: Iterable<string>): Promise<Map<string, Date>> {
  const dates = new Map<string, Date>();
  const remaining = wanted ? new Set(wanted) : undefined;
  if (remaining?.size === 0) return Promise.resolve(dates);
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      // -z: names as they are (no quoting of non-ASCII); --relative: paths relative to `root`,
      // changes outside it left out; %x1e starts each commit.
      child = spawn('git', ['--no-pager', 'log', '-z', '--format=%x1e%cI', '--name-only', '--relative', '--no-renames', '--', '.'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
      });
    } catch {
      return resolve(dates);
    }
    let buffer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(dates);
    };
    const record = (text: string) => {
      const [date, ...files] = text.split('\0');
      const when = new Date(date!.trim());
      if (Number.isNaN(when.getTime())) return;
      for (const raw of files) {
        const file = raw.replace(/^\n+/, '');
        if (!file || dates.has(file)) continue;
        dates.set(file, when);
        remaining?.delete(file);
      }
    };
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      if (done) return;
      buffer += chunk;
      const parts = buffer.split('\x1e');
      buffer = parts.pop()!; // the last commit may not be complete yet
      for (const p of parts) if (p) record(p);
      if (remaining && remaining.size === 0) {
        child.kill();
        finish();
      }
    });
    child.on('error', () => finish()); // git not installed
    child.on('close', (code) => {
      if (done) return;
      if (code === 0 && buffer) record(buffer);
      // Not a checkout (128) or any other failure: no dates rather than partial ones.
      if (code !== 0) dates.clear();
      finish();
    });
  });
}

const FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `2026-11-03T10:00:00Z`: ISO 8601 to the second, as sitemaps and meta tags take it. */
export function isoDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `Nov 3, 2026` (UTC, so a build gives the same text on every machine). */
export function formatDate(date: Date): string {
  return FORMAT.format(date);
}
