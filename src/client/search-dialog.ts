/**
 * The search dialog, loaded on first use (see search.ts). A native modal <dialog> (the page
 * behind it is inert, Escape closes it, focus returns to where it was) holding a combobox:
 * typing queries Pagefind, arrow keys move through the results, Enter opens one. Pagefind's
 * own script (/_kiln/search/pagefind.js) is imported when the dialog first opens; it downloads
 * only the index fragments a query needs.
 */
import { sitePath } from './dom.js';

interface SubResult {
  title: string;
  url: string;
  excerpt: string;
  locations?: number[];
}
interface ResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: SubResult[];
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void> | void;
  mergeIndex(path: string, o: Record<string, unknown>): Promise<void>;
  search(q: string): Promise<{ results: { id: string; data(): Promise<ResultData> }[] } | null>;
}

/**
 * What a build writes beside the bundle (node/search/incremental.ts): the indexes to merge into
 * the bundle's own (the other parts of a large site's index, node/search/parts.ts, and the pages
 * a rebuild changed, `delta/`), and the entries those changed pages replace. `kiln dev`'s index
 * is whole.
 */
interface SearchManifest {
  merge?: string[];
  hide?: string[];
}

interface Item {
  title: string;
  section?: string;
  excerpt: string;
  url: string;
}

const MAX_PAGES = 10;

const SEARCH = '/_kiln/search/';
const BUNDLE = SEARCH + 'pagefind.js';
const MANIFEST = SEARCH + 'kiln-search.json';

interface Search {
  pf: Pagefind;
  /** Entries of the kept index that changed pages replace. */
  hidden: Set<string>;
}

let pagefind: Promise<Search> | undefined;
function loadPagefind(): Promise<Search> {
  return (pagefind ??= (import(/* webpackIgnore: true */ sitePath(BUNDLE)) as Promise<Pagefind>).then(async (pf) => {
    // Under a base path (`--base /docs/`) the bundle is there, and result URLs get the base too.
    const options = { excerptLength: 24, baseUrl: sitePath('/') };
    await pf.options(options);
    await pf.init();
    const manifest = await fetch(sitePath(MANIFEST))
      .then((r) => (r.ok ? (r.json() as Promise<SearchManifest>) : undefined))
      .catch(() => undefined);
    // Folder names only: the manifest is the build's, but nothing outside the bundle is loaded.
    const merge = (manifest?.merge ?? []).filter((dir) => /^[\w-]+\/$/.test(dir));
    await Promise.all(merge.map((dir) => pf.mergeIndex(sitePath(SEARCH + dir), options)));
    return { pf, hidden: new Set(manifest?.hide ?? []) };
  }).catch((error: unknown) => {
    pagefind = undefined;
    throw error;
  }));
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Pagefind's excerpt is text with <mark> around matches: rebuilt node by node, never as HTML. */
function excerptNodes(html: string): Node[] {
  const t = document.createElement('template');
  t.innerHTML = html;
  return Array.from(t.content.childNodes).map((n) =>
    n.nodeName === 'MARK' ? el('mark', undefined, n.textContent ?? '') : document.createTextNode(n.textContent ?? ''),
  );
}

/** One entry per page: its best section (the one with the most matches), if any. */
function toItem(d: ResultData): Item {
  const title = d.meta.title || d.url;
  const subs = (d.sub_results ?? []).filter((s) => s.url.includes('#') && s.title && s.title !== title);
  const best = subs.sort((a, b) => (b.locations?.length ?? 0) - (a.locations?.length ?? 0))[0];
  return best ? { title, section: best.title, excerpt: best.excerpt, url: best.url } : { title, excerpt: d.excerpt, url: d.url };
}

/** A rough English stem: retries, retried, retrying, retry → retri; queues, queue → queu. */
const stem = (w: string) => w.replace(/(ing|ed|es|s)$/, '').replace(/y$/, 'i').replace(/e$/, '');

/** Two words match when the title word starts with the query word (typing) or they share a stem. */
function similar(q: string, w: string): boolean {
  return w.startsWith(q) || stem(w) === stem(q);
}

/** Pages whose title matches every word of the query come first; otherwise Pagefind's order. */
export function rankTitleFirst<T extends { title: string }>(items: T[], query: string): T[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const hit = (t: T) => {
    const title = t.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    return words.length > 0 && words.every((q) => title.some((w) => similar(q, w)));
  };
  return [...items.filter(hit), ...items.filter((t) => !hit(t))];
}

function build(placeholder: string) {
  const dialog = el('dialog', 'search-dialog');
  dialog.setAttribute('aria-label', 'Search');
  const panel = el('div', 'search-panel');
  const form = el('form', 'search-field');
  form.setAttribute('role', 'search');
  form.method = 'dialog';
  const icon = el('span', 'search-icon');
  icon.setAttribute('aria-hidden', 'true');
  const input = el('input', 'search-input');
  Object.assign(input, { type: 'search', placeholder, autocomplete: 'off', spellcheck: false });
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-label', 'Search the documentation');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', 'kiln-search-results');
  input.setAttribute('aria-autocomplete', 'list');
  // Mintlify's id for its search field, which sites' scripts select; unless the page has that id.
  if (!document.getElementById('search-input')) input.id = 'search-input';
  const close = el('button', 'search-close', 'Esc');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close search');
  form.append(icon, input, close);
  const list = el('ul', 'search-results');
  list.id = 'kiln-search-results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Results');
  const status = el('p', 'search-status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const footer = el('p', 'search-footer');
  footer.innerHTML = '<span><kbd>↑</kbd><kbd>↓</kbd> to move</span><span><kbd>↵</kbd> to open</span><span><kbd>Esc</kbd> to close</span>';
  footer.setAttribute('aria-hidden', 'true');
  panel.append(form, list, status, footer);
  dialog.append(panel);
  document.body.append(dialog);
  return { dialog, input, list, status, close, form };
}

function create() {
  const button = document.querySelector<HTMLElement>('.search-button');
  const ui = build(button?.dataset.placeholder || 'Search documentation…');
  const { dialog, input, list, status } = ui;
  let items: HTMLLIElement[] = [];
  let active = -1;
  let seq = 0;
  let timer: number | undefined;
  let returnTo: HTMLElement | null = null;

  const setActive = (i: number) => {
    if (items.length === 0) {
      active = -1;
      input.removeAttribute('aria-activedescendant');
      return;
    }
    active = (i + items.length) % items.length;
    items.forEach((li, j) => li.setAttribute('aria-selected', String(j === active)));
    const li = items[active]!;
    input.setAttribute('aria-activedescendant', li.id);
    li.scrollIntoView({ block: 'nearest' });
  };

  const render = (results: Item[], query: string) => {
    list.replaceChildren();
    items = results.map((r, i) => {
      const li = el('li', 'search-result');
      li.id = `kiln-search-result-${i}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      const a = el('a');
      a.href = r.url;
      a.tabIndex = -1;
      const head = el('span', 'search-result-title', r.title);
      if (r.section) {
        head.append(el('span', 'search-result-sep', ' › '), el('span', 'search-result-section', r.section));
      }
      const excerpt = el('span', 'search-result-excerpt');
      excerpt.append(...excerptNodes(r.excerpt));
      a.append(head, excerpt);
      li.append(a);
      li.addEventListener('mousemove', () => active !== i && setActive(i));
      return li;
    });
    list.append(...items);
    input.setAttribute('aria-expanded', String(items.length > 0));
    setActive(0);
    status.textContent = query ? (items.length ? `${items.length} result${items.length === 1 ? '' : 's'}` : `No results for “${query}”`) : '';
  };

  const run = async (query: string) => {
    const mine = ++seq;
    if (!query.trim()) return render([], '');
    try {
      const { pf, hidden } = await loadPagefind();
      const found = await pf.search(query);
      // A page in both indexes unchanged in what is indexed has one id: shown once.
      const ids = new Set<string>();
      const results = (found?.results ?? []).filter((r) => !hidden.has(r.id) && !ids.has(r.id) && ids.add(r.id));
      const data = await Promise.all(results.slice(0, MAX_PAGES).map((r) => r.data()));
      if (mine === seq) render(rankTitleFirst(data.map(toItem), query), query);
    } catch (error) {
      console.error('[kiln]', error);
      if (mine === seq) {
        render([], '');
        status.textContent = 'Search is not available on this site.';
      }
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => void run(input.value), 80);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(items.length - 1);
    else if (e.key === 'Enter') {
      e.preventDefault();
      const a = items[active]?.querySelector('a');
      if (a) go(a, e);
    }
  });
  const go = (a: HTMLAnchorElement, e: KeyboardEvent | MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey) {
      window.open(a.href, '_blank', 'noopener');
      return;
    }
    dialog.close();
    // Same page, another section: the browser only scrolls, so close first.
    location.assign(a.href);
  };
  list.addEventListener('click', (e) => {
    const a = (e.target as Element).closest('a');
    if (!a || e.button !== 0) return;
    e.preventDefault();
    go(a, e);
  });
  ui.close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog box itself, outside the panel) closes.
  dialog.addEventListener('click', (e) => e.target === dialog && dialog.close());
  // Focus stays inside: Tab from the last control goes back to the field.
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const focusable = [input, ui.close];
    const i = focusable.indexOf(document.activeElement as HTMLInputElement);
    e.preventDefault();
    focusable[(i + (e.shiftKey ? -1 : 1) + focusable.length) % focusable.length]!.focus();
  });
  dialog.addEventListener('close', () => {
    document.documentElement.classList.remove('search-open');
    returnTo?.focus({ preventScroll: true });
  });

  return {
    open(trigger?: HTMLElement | null) {
      if (dialog.open) return;
      returnTo = trigger ?? (document.activeElement as HTMLElement | null);
      document.documentElement.classList.add('search-open');
      dialog.showModal();
      input.focus();
      input.select();
      void loadPagefind().catch(() => undefined);
    },
  };
}

let instance: ReturnType<typeof create> | undefined;
window.kilnSearch = { open: (trigger) => (instance ??= create()).open(trigger) };
export {};
