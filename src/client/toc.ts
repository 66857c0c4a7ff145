import { $$ } from './dom.js';

/**
 * Highlights the "On this page" entry of the section being read, and lists only the headings the
 * reader can see: those of the tab or view on show (the others' entries come back when theirs is
 * chosen), never a link to a heading in a hidden panel.
 */
export function initToc(): void {
  const links = $$<HTMLAnchorElement>('.toc a[href^="#"]');
  const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))));
  if (!links.length) return;
  const items = links.map((a) => a.parentElement);
  const depths = items.map((li) => Number(/\btoc-depth-(\d)/.exec(li?.className ?? '')?.[1] ?? 2));
  let current = -1;

  // Mintlify's selectors for the entry being read: `.toc-item[data-active]` on it and the entries
  // it sits under, `[data-active-deepest]` on it alone.
  const mark = (index: number) => {
    items.forEach((li) => li?.removeAttribute('data-active'));
    items[current]?.removeAttribute('data-active-deepest');
    items[index]?.setAttribute('data-active-deepest', '');
    for (let i = index, depth = Infinity; i >= 0; i--) {
      if (depths[i]! >= depth) continue;
      depth = depths[i]!;
      items[i]?.setAttribute('data-active', '');
    }
  };
  let queued = false;

  const follow = () => {
    links.forEach((a, i) => {
      const item = a.parentElement;
      const target = targets[i];
      if (item && target) item.hidden = !!target.closest('[role="tabpanel"][hidden], .view[hidden]');
    });
  };

  const update = () => {
    queued = false;
    follow();
    const line = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + 8 || 96;
    let index = -1;
    let first = -1;
    let last = 0;
    targets.forEach((t, i) => {
      // Headings in a closed tab or accordion have no box (their top reads 0): they are not being read.
      if (!t || !t.getClientRects().length) return;
      if (first < 0) first = i;
      last = i;
      if (t.getBoundingClientRect().top <= line) index = i;
    });
    if (index < 0) index = Math.max(first, 0);
    const doc = document.documentElement;
    if (window.scrollY > 0 && window.innerHeight + window.scrollY >= doc.scrollHeight - 2) index = last;
    if (index === current) return;
    mark(index);
    links[current]?.classList.remove('active');
    links[current]?.removeAttribute('aria-current');
    links[index]!.classList.add('active');
    links[index]!.setAttribute('aria-current', 'location');
    current = index;
  };

  window.addEventListener(
    'scroll',
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  // Switching tabs or opening an accordion shows other headings without scrolling.
  const later = () => requestAnimationFrame(update);
  for (const type of ['click', 'keydown']) {
    document.addEventListener(type, (e) => {
      if ((e.target as Element | null)?.closest?.('[role="tab"]')) later();
    });
  }
  document.addEventListener('toggle', later, true);
  document.addEventListener('kiln:view', later);
  update();
}
