import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../content/pages.js';
import type { OutputWriter } from '../output/write.js';
import { outputPathForUrl } from '../../shared/urls.js';
import type { MadeMarkdown } from '../seo/outputs.js';
import type { LoadedSite } from '../site/load.js';
import type { PageCache } from './cache.js';
import { linkTailwindSheet, TAILWIND_PLACEHOLDER, type MadePage } from './produce.js';
import type { BuildTimings } from './timings.js';

/**
 * Pages' HTML held in memory as they are made and written only once the last page has gone to
 * Pagefind, while Pagefind builds the index in its own process and this thread would otherwise wait
 * (0.8 s of a 1,000-page build; writing those pages took 0.45 s of this thread's page loop).
 * Bounded, so a big site writes the rest as made and its memory stays flat. Held as the file's
 * UTF-8 bytes, outside the JavaScript heap: as strings (two bytes a character once a page has any
 * character beyond Latin-1) the 10,000-page build peaked at 1,276 MB against 1,096 MB.
 */
const HOLD_BYTES = 64 * 1024 * 1024;

/**
 * Pages whose Markdown export this thread puts off until Pagefind builds the index (see
 * HOLD_BYTES), among the last pages made: this thread is otherwise idle then. Pagefind takes about
 * 0.9 ms a page there and an export 1 ms, after 0.3 s of other work (1,000-page bench), so a third
 * of the pages fits; bounded, as each waits with its parsed tree.
 */
const LATER_MARKDOWN = 512;

/**
 * Pages' Markdown, kept for the site-wide outputs (each page's `.md`, llms-full.txt) in a scratch
 * file in the output's temporary folder rather than in memory, and read back a page at a time. Held
 * as strings it was the largest thing the build thread kept that grows with the site: 90 MB at
 * 7,000 of 10,000 pages (heap snapshot), which V8 let grow with garbage to about twice that.
 */
export class MarkdownStore implements MadeMarkdown {
  private fd: number | undefined;
  private size = 0;
  private readonly at = new Map<string, { offset: number; length: number }>();

  constructor(private readonly file: string) {}

  has(url: string): boolean {
    return this.at.has(url);
  }

  set(url: string, markdown: string): void {
    const data = Buffer.from(markdown);
    this.fd ??= openSync(this.file, 'w+');
    writeSync(this.fd, data, 0, data.length, this.size);
    this.at.set(url, { offset: this.size, length: data.length });
    this.size += data.length;
  }

  get(url: string): string | undefined {
    const at = this.at.get(url);
    if (!at) return undefined;
    const data = Buffer.allocUnsafe(at.length);
    readSync(this.fd!, data, 0, at.length, at.offset);
    return data.toString();
  }

  /** The scratch file goes: before the output is committed, as it is not part of it. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.at.clear();
    rmSync(this.file, { force: true });
  }
}

/** Where a build's MarkdownStore keeps its file, inside the output's temporary folder (removed with it should the build stop). */
const MARKDOWN_STORE = '.kiln-markdown';

/** The output files of a page's HTML: the home page is `index.html` too when its URL is not `/`. */
export function htmlFiles(site: LoadedSite, page: Page): string[] {
  return site.content.byUrl.get('/') === page && page.url !== '/' ? [outputPathForUrl(page.url), 'index.html'] : [outputPathForUrl(page.url)];
}

export interface SinkSetup {
  site: LoadedSite;
  writer: OutputWriter;
  cache: PageCache | undefined;
  timings: BuildTimings;
  /** Pages that will be made (not taken from the rebuild cache). */
  toMake: number;
  /** HTML held in memory for the end of the build, in bytes (default HOLD_BYTES; tests set 0 to write each page as made). */
  holdBytes?: number;
  /** Pages whose Markdown export waits for the end of the build, at most (default: a third of the pages, at most LATER_MARKDOWN; tests set 0). */
  laterMarkdownPages?: number;
}

/**
 * Where made pages go: their HTML written, or held (see HOLD_BYTES); their Markdown kept for the
 * site-wide outputs, or its export put off (see LATER_MARKDOWN); and the pages that link the
 * Tailwind sheet remembered, to be given its URL once every page's classes are known.
 */
export class PageSink {
  /** Each exported page's Markdown, by page URL (seo/outputs.ts writes them). */
  readonly markdown: MarkdownStore;
  /** Pages left to start making: the Markdown of the last ones is put off. */
  pagesLeft = Infinity;
  /** Markdown exports put off, by page URL. */
  private readonly laterMarkdown = new Map<string, () => Promise<string>>();
  private readonly laterCap: number;
  /** HTML not written yet, by output path: the file's bytes, or the page's text while it waits for the Tailwind sheet's URL. */
  private readonly held = new Map<string, Uint8Array | string>();
  private readonly holdBytes: number;
  private heldBytes = 0;
  /** Pages that link the Tailwind sheet, whose URL is known once every page is made. */
  private readonly linkTailwind: string[] = [];

  constructor(private readonly setup: SinkSetup) {
    this.markdown = new MarkdownStore(path.join(setup.writer.tmp, MARKDOWN_STORE));
    this.holdBytes = setup.holdBytes ?? HOLD_BYTES;
    this.laterCap = setup.laterMarkdownPages ?? Math.min(LATER_MARKDOWN, Math.floor(setup.toMake / 3));
  }

  /** Whether the page being made now has its Markdown export put off. */
  readonly later = (): boolean => this.pagesLeft < 2 * this.laterCap && this.laterMarkdown.size < this.laterCap;

  async write(page: Page, result: Pick<MadePage, 'html' | 'markdown' | 'markdownLater'>): Promise<void> {
    const { writer, cache, timings } = this.setup;
    if (result.markdown !== undefined) this.markdown.set(page.url, result.markdown);
    if (result.markdownLater) this.laterMarkdown.set(page.url, result.markdownLater);
    const html = result.html;
    const sheet = html.includes(TAILWIND_PLACEHOLDER);
    for (const file of htmlFiles(this.setup.site, page)) {
      // A UTF-8 file has at least as many bytes as its text has characters.
      if (this.heldBytes + html.length <= this.holdBytes) {
        const data = sheet ? html : Buffer.from(writer.finalText(file, html));
        this.held.set(file, data);
        this.heldBytes += typeof data === 'string' ? html.length * 2 : data.length;
      } else await timings.time('write', () => writer.write(file, html));
      if (sheet) this.linkTailwind.push(file);
      cache?.wrote(file);
    }
  }

  /** A kept page's file written again with the placeholder for the Tailwind sheet's URL. */
  async writeKept(file: string, html: string): Promise<void> {
    await this.setup.writer.writeAsIs(file, html);
    this.linkTailwind.push(file);
    this.setup.cache?.wrote(file);
  }

  /** The HTML of `file` when it is still held. */
  heldText(file: string): string | undefined {
    const html = this.held.get(file);
    return html === undefined ? undefined : typeof html === 'string' ? html : Buffer.from(html).toString('utf8');
  }

  /** Every page that links the Tailwind sheet gets its URL, or loses the link when there is none. */
  async linkSheet(url: string | undefined): Promise<void> {
    const { writer } = this.setup;
    const link = (html: string) => linkTailwindSheet(html, url);
    for (const file of this.linkTailwind) {
      const html = this.held.get(file);
      if (html === undefined) await writer.rewrite(file, link);
      else this.held.set(file, Buffer.from(writer.finalText(file, link(html as string))));
    }
  }

  /** Writes the HTML held so far. */
  async flush(): Promise<void> {
    for (const [file, data] of this.held) await this.setup.writer.writeAsIs(file, data);
    this.held.clear();
  }

  /** Makes the Markdown exports put off; true when there were any. */
  async finishMarkdown(): Promise<boolean> {
    if (!this.laterMarkdown.size) return false;
    for (const [url, make] of this.laterMarkdown) this.markdown.set(url, await make());
    this.laterMarkdown.clear();
    return true;
  }
}
