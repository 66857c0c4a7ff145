import { $$ } from './dom.js';

/**
 * The page menu's dropdown (a `<details>`, usable without this script): closed by Escape, a click
 * outside it or on one of its options. Links that open an AI tool on the page carry the page's
 * path when the build did not know the site's URL; here it becomes the address the reader is on.
 */
export function initPageMenu(): void {
  for (const link of $$<HTMLAnchorElement>('a[data-prompt-path]')) {
    const path = link.dataset.promptPath!;
    const here = location.origin + location.pathname;
    link.href = link.href.replace(encodeURIComponent(path), encodeURIComponent(here));
  }
  const menus = $$<HTMLDetailsElement>('.page-menu-more');
  if (menus.length === 0) return;
  const closeAll = (except?: EventTarget | null) => {
    for (const m of menus) if (m.open && !(except instanceof Node && m.contains(except))) m.open = false;
  };
  document.addEventListener('click', (e) => closeAll(e.target));
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const open = menus.find((m) => m.open);
    if (!open) return;
    open.open = false;
    open.querySelector('summary')?.focus();
  });
  for (const m of menus) {
    m.addEventListener('click', (e) => {
      if ((e.target as Element).closest('.page-menu-item')) m.open = false;
    });
  }
}
