import { $$ } from './dom.js';

/**
 * The drop-down switchers (products, versions, dropdowns, languages, a tab's menu) are
 * `<details>` disclosures that work without script; this closes an open one when the reader
 * clicks elsewhere, opens another, or presses Escape (focus returns to its summary).
 */
export function initSwitchers(): void {
  // A language's entry leads to the same page in that language when there is one (the page's
  // hreflang links name them; the server renders the switcher once per section, so it leads to
  // the language's first page).
  for (const a of $$<HTMLAnchorElement>('.switcher-language a[hreflang]')) {
    const same = document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${CSS.escape(a.hreflang)}"]`);
    // The path only: the hreflang links are absolute with the site's URL, which may be elsewhere (a preview).
    if (same) a.href = new URL(same.href).pathname;
  }
  const all = $$<HTMLDetailsElement>('details.switcher, details.tab-menu');
  if (all.length === 0) return;
  for (const d of all) {
    d.addEventListener('toggle', () => {
      if (d.open) for (const other of all) if (other !== d) other.open = false;
    });
  }
  document.addEventListener('click', (event) => {
    for (const d of all) if (d.open && !d.contains(event.target as Node)) d.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const d of all) {
      if (!d.open) continue;
      d.open = false;
      d.querySelector('summary')?.focus();
    }
  });
}
