/**
 * Pagefind's indexer, spoken to directly: the `pagefind` binary in `--service` mode reads requests
 * on stdin and answers on stdout, each message base64-encoded JSON followed by a comma. This is the
 * protocol the `pagefind` package's Node API and its Python API both use; Kiln speaks it itself to
 * send pages in batches. The Node API writes every request to the pipe on its own, and on the
 * 1,000-page benchmark those writes took 0.47-0.67 s of the build thread (one per page, each waking
 * the indexer); eight to a write, 0.11-0.17 s.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { registerChild } from '../interrupt.js';

/** What the service is asked (Pagefind's `InternalRequestPayload`, the parts Kiln uses). */
export type PagefindRequest =
  | { type: 'NewIndex'; config: { exclude_selectors?: string[]; force_language?: string } }
  | { type: 'AddFile'; index_id: number; url: string; file_contents: string }
  | { type: 'GetFiles'; index_id: number }
  | { type: 'WriteFiles'; index_id: number; output_path: string }
  | { type: 'DeleteIndex'; index_id: number };

/** What it answers (`InternalResponsePayload`). */
export type PagefindResponse =
  | { type: 'NewIndex'; index_id: number }
  | { type: 'IndexedFile'; page_word_count: number; page_url: string }
  | { type: 'GetFiles'; files: { path: string; content: string }[] }
  | { type: 'WriteFiles'; output_path: string }
  | { type: 'DeleteIndex' };

/** Pagefind's answer to a request it could not carry out. */
export class PagefindError extends Error {}

/** Pages sent in one write at most, and how long the first of them waits for the others. */
const BATCH = 8;
const BATCH_WAIT_MS = 20;

/**
 * The binary as the `pagefind` package finds it: `PAGEFIND_EXTENDED_BINARY_PATH` or
 * `PAGEFIND_BINARY_PATH`, else its platform package (`@pagefind/linux-x64`, …), the extended
 * build first (it segments Chinese and Japanese).
 */
export function pagefindBinary(): string {
  const names = ['pagefind_extended', 'pagefind'];
  for (const name of names) {
    const set = process.env[`${name.toUpperCase()}_BINARY_PATH`];
    if (set) return set;
  }
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const cpu = process.env.npm_config_arch || os.arch();
  const require = createRequire(import.meta.url);
  // The platform package is an optional dependency of `pagefind`: beside it, or inside it.
  const from = [undefined, ...(require.resolve.paths('pagefind') ?? []).map((d) => path.join(d, 'pagefind')).filter((d) => existsSync(d))];
  for (const name of names) {
    for (const dir of from) {
      try {
        return require.resolve(`@pagefind/${platform}-${cpu}/bin/${name}${platform === 'windows' ? '.exe' : ''}`, dir ? { paths: [dir] } : undefined);
      } catch {
        // next place
      }
    }
  }
  throw new Error(`Pagefind's binary for ${platform}-${cpu} is not installed (package @pagefind/${platform}-${cpu}); run npm install again`);
}

/** One Pagefind process. Requests are answered in any order; pages are sent in batches. */
export class PagefindService {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly waiting = new Map<number, { resolve: (r: PagefindResponse) => void; reject: (e: Error) => void }>();
  private lastId = 0;
  private incoming = '';
  private outgoing: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped: Error | undefined;

  /** The end of what the process wrote to stderr, for the message when it stops (never shown raw). */
  private stderr = '';

  /**
   * Started in a process group of its own (`detached`): Ctrl-C in a terminal signals the whole
   * foreground group, and Pagefind then died under the build, before the build's own clean-up.
   * The build stops it (`close`, or interrupt.ts's `killChildren`); should the build be killed, its
   * input closes and it exits by itself.
   */
  constructor(binary = pagefindBinary()) {
    this.child = spawn(binary, ['--service'], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, detached: true });
    registerChild(this.child.pid);
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk.toString('latin1')));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000)));
    this.child.stdin.on('error', (e) => this.stop(e));
    this.child.on('error', (e) => this.stop(e));
    // `close`: once its output is all read, so the message has the end of what it said.
    this.child.on('close', (code, signal) => {
      const said = this.stderr.trim().split('\n').pop()?.trim();
      this.stop(new Error(`Pagefind stopped (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`));
    });
    this.idle();
  }

  /** Sends a request; `AddFile` waits (briefly) for others to go out with it. */
  request<T extends PagefindResponse['type']>(payload: PagefindRequest, expect: T): Promise<Extract<PagefindResponse, { type: T }>> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    const answer = new Promise<PagefindResponse>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (this.waiting.size === 1) this.busy();
    this.outgoing.push(Buffer.from(JSON.stringify({ message_id: id, payload })).toString('base64') + ',');
    if (payload.type !== 'AddFile' || this.outgoing.length >= BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
    return answer.then((r) => {
      if (r.type !== expect) throw new PagefindError(`Pagefind answered ${r.type} to ${payload.type}`);
      return r as Extract<PagefindResponse, { type: T }>;
    });
  }

  /** False once the process has stopped (or could not start): requests fail. */
  get alive(): boolean {
    return this.stopped === undefined;
  }

  /** Writes what waits to be sent. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.outgoing.length === 0 || this.stopped) return;
    const data = this.outgoing.join('');
    this.outgoing = [];
    this.child.stdin.write(data);
  }

  /** Stops the process; requests not answered fail. */
  close(): void {
    this.flush();
    this.stop(new Error('Pagefind was closed'));
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.kill();
  }

  private receive(text: string): void {
    let from = 0;
    for (let comma = text.indexOf(','); comma !== -1; comma = text.indexOf(',', from)) {
      const message = this.incoming + text.slice(from, comma);
      this.incoming = '';
      from = comma + 1;
      this.answer(message);
    }
    this.incoming += text.slice(from);
  }

  private answer(message: string): void {
    let parsed: { message_id?: number; payload: PagefindResponse | { type: 'Error'; message: string; original_message?: string } };
    try {
      parsed = JSON.parse(Buffer.from(message, 'base64').toString('utf8'));
    } catch {
      return this.stop(new Error('Pagefind sent a message that is not JSON'));
    }
    let id = parsed.message_id;
    // A request it could not read comes back without an id, quoting the request.
    if (typeof id !== 'number' && parsed.payload.type === 'Error' && parsed.payload.original_message) {
      try {
        id = (JSON.parse(parsed.payload.original_message) as { message_id?: number }).message_id;
      } catch {
        // no id to answer
      }
    }
    const waiter = typeof id === 'number' ? this.waiting.get(id) : undefined;
    if (!waiter) return;
    this.waiting.delete(id!);
    if (this.waiting.size === 0) this.idle();
    if (parsed.payload.type === 'Error') waiter.reject(new PagefindError(parsed.payload.message));
    else waiter.resolve(parsed.payload);
  }

  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    clearTimeout(this.timer);
    this.outgoing = [];
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
    this.idle();
  }

  // An idle service does not keep Node running (as the `pagefind` package has it): a build that
  // forgets to close it still ends.
  private busy(): void {
    this.child.ref();
    for (const stream of [this.child.stdout, this.child.stdin, this.child.stderr]) (stream as { ref?: () => void }).ref?.();
  }

  private idle(): void {
    this.child.unref();
    for (const stream of [this.child.stdout, this.child.stdin, this.child.stderr]) (stream as { unref?: () => void }).unref?.();
  }
}
