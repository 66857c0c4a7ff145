import { $$ } from './dom.js';

/** Highlights the "On this page" entry of the section being read. */
export function initToc(): void {
  const links = $$<HTMLAnchorElement>('.toc a[href^="#"]');
  const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))));
  if (!links.length) return;
  let current = -1;
  let queued = false;

  const update = () => {
    queued = false;
    const line = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + 8 || 96;
    let index = 0;
    targets.forEach((t, i) => {
      if (t && t.getBoundingClientRect().top <= line) index = i;
    });
    const doc = document.documentElement;
    if (window.scrollY > 0 && window.innerHeight + window.scrollY >= doc.scrollHeight - 2) index = links.length - 1;
    if (index === current) return;
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
  update();
}
