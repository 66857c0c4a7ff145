import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * Watching the project folder for the dev server. Two backends, the same contract:
 *
 * - `native` (default): @parcel/watcher, the watcher VS Code and the Tailwind CLI use. It walks the
 *   folder in its own thread and watches folders, not files: ready in about 10 ms on the 1,000-page
 *   bench site, where chokidar's stat and watch of every file took 0.2-0.3 s of the main thread,
 *   just when the first page was wanted.
 * - `chokidar`: when the native module cannot load (no prebuilt binary for the platform) or cannot
 *   watch (inotify limits), or `KILN_WATCHER=chokidar`.
 *
 * A folder created, removed or renamed may be reported as the folder alone, without the files in
 * it: consumers treat a folder path as "anything under it may have changed".
 */
export interface FolderWatcher {
  readonly backend: 'native' | 'chokidar';
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Paths (absolute) to report nothing for; folders it matches are not watched at all when possible. */
  ignored: (file: string) => boolean;
  /** Folder names ignored wherever they are (a hint for the native backend, which skips them whole). */
  ignoredNames: string[];
  /** Absolute paths ignored (files or folders). */
  ignoredPaths: string[];
  /** Changed paths, absolute, in batches. */
  onChange: (files: string[]) => void;
  onError: (error: unknown) => void;
  backend?: 'native' | 'chokidar';
}

/** Resolves once the folder is being watched, so a change right after is not missed. */
export async function watchFolder(root: string, opts: WatchOptions): Promise<FolderWatcher> {
  const backend = opts.backend ?? (process.env.KILN_WATCHER === 'chokidar' ? 'chokidar' : 'native');
  if (backend === 'native') {
    try {
      return await watchNative(root, opts);
    } catch {
      // No binary for this platform, or the system refused the watches: chokidar still works (or
      // reports its own error through onError).
    }
  }
  return watchChokidar(root, opts);
}

async function watchNative(root: string, opts: WatchOptions): Promise<FolderWatcher> {
  const { subscribe } = await import('@parcel/watcher');
  const ignore = [...opts.ignoredPaths, ...opts.ignoredNames.map((n) => `**/${n}`)];
  let closed = false;
  // Renewals after an error, within the last minute: a watcher that keeps failing is reported.
  let failures: number[] = [];
  const callback = (error: Error | null, events: { path: string; type: 'create' | 'update' | 'delete' }[]) => {
    if (closed) return;
    if (error) {
      // Parcel's watching thread stops at its first error, and then reports nothing more. The
      // usual one is a signal landing on that thread ("Unable to poll: Interrupted system call"):
      // a resized terminal (SIGWINCH) or an ended child process (SIGCHLD) is enough. Watching
      // again starts a new thread, and reports the root, so a change meanwhile is not lost.
      const now = performance.now();
      failures = [...failures.filter((t) => now - t < 60_000), now];
      if (failures.length > 3) return opts.onError(error);
      return void renew();
    }
    const relevant = events.filter((e) => !opts.ignored(e.path));
    if (relevant.length) opts.onChange(relevant.map((e) => e.path));
    // After a folder is renamed, inotify goes on naming the files in it by the old name
    // (parcel-bundler/watcher#52, and inotify tools generally): watch again from scratch when a
    // folder appears, which a rename within the project always shows. Costs a few milliseconds,
    // off this thread.
    if (relevant.some((e) => e.type === 'create' && isFolder(e.path))) void renew();
  };
  let subscription = await subscribe(root, callback, { ignore });
  // One renewal at a time; one asked for meanwhile runs after it.
  let renewing: Promise<void> | undefined;
  let again = false;
  const renew = (): Promise<void> => {
    if (renewing) {
      again = true;
      return renewing;
    }
    renewing = (async () => {
      do {
        again = false;
        // The old subscription goes first: parcel shares one watcher (and its stale names) among
        // the subscriptions of a folder. A change in between is not reported as itself, so the
        // whole folder is, after: consumers take a folder as "anything in it may have changed".
        await subscription.unsubscribe().catch(() => undefined);
        if (closed) return;
        try {
          subscription = await subscribe(root, callback, { ignore });
        } catch (error) {
          opts.onError(error);
          return;
        }
        opts.onChange([root]);
      } while (again && !closed);
    })().finally(() => (renewing = undefined));
    return renewing;
  };
  return {
    backend: 'native',
    async close() {
      if (closed) return;
      closed = true;
      await renewing;
      // Unwatching a folder that is gone fails ("Invalid argument"); it is unwatched either way.
      await subscription.unsubscribe().catch(() => undefined);
    },
  };
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

async function watchChokidar(root: string, opts: WatchOptions): Promise<FolderWatcher> {
  const { watch } = await import('chokidar');
  const watcher = watch(root, { ignoreInitial: true, ignored: opts.ignored });
  watcher.on('all', (event, file) => {
    if (event === 'addDir') return; // an empty new folder changes nothing; files in it come as `add`
    opts.onChange([path.resolve(root, file)]);
  });
  watcher.on('error', (error) => opts.onError(error));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { backend: 'chokidar', close: () => watcher.close() };
}
