/**
 * The 404 page suggests pages: the missing path is compared with the site's page list
 * (/_kiln/pages.json, a few KB written by the build) and the closest few are listed.
 */
import { sitePath } from './dom.js';

interface Entry {
  u: string;
  t: string;
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Similarity of two words in [0, 1]: 1 - edit distance / longer length. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length > 40 || b.length > 40) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** Score of a page for a missing path: its words matched against the page's URL and title words. */
export function score(path: string, entry: Entry): number {
  // Folders word by word; the page name as one word (`quick-start` finds `quickstart`).
  const segments = path.toLowerCase().split('/').filter(Boolean);
  const last = (segments.pop() ?? '').replace(/[^a-z0-9]+/g, '');
  const want = [...segments.flatMap(words), ...(last ? [last] : [])];
  if (want.length === 0) return 0;
  const have = [...words(entry.u), ...words(entry.t)];
  let total = 0;
  want.forEach((w, i) => {
    const best = Math.max(0, ...have.map((h) => (h.startsWith(w) || w.startsWith(h) ? Math.max(0.8, similarity(w, h)) : similarity(w, h))));
    // The last segment (the page name) counts most.
    total += (best >= 0.6 ? best : 0) * (i === want.length - 1 ? 2 : 1);
  });
  return total / (want.length + 1);
}

/** The closest pages to a missing path: at most five, and none far behind the best. */
export function suggest(path: string, pages: Entry[]): Entry[] {
  const scored = pages.map((p) => ({ p, s: score(path, p) })).filter((x) => x.s > 0.25 && x.p.u !== path).sort((a, b) => b.s - a.s);
  const top = scored[0]?.s ?? 0;
  return scored.filter((x) => x.s >= top * 0.6).slice(0, 5).map((x) => x.p);
}

export function initNotFound(): void {
  const box = document.querySelector('.not-found');
  if (!box) return;
  fetch(sitePath('/_kiln/pages.json'))
    .then((r) => (r.ok ? (r.json() as Promise<Entry[]>) : []))
    .then((pages) => {
      // The page list has site paths: the base path the site is hosted under is not part of them.
      const base = sitePath('/');
      let path = decodeURIComponent(location.pathname).replace(/\.html$/, '');
      if (base !== '/' && path.startsWith(base)) path = path.slice(base.length - 1);
      const best = suggest(path, pages);
      if (best.length === 0) return;
      const section = document.createElement('nav');
      section.className = 'not-found-suggestions';
      section.setAttribute('aria-labelledby', 'not-found-suggestions-title');
      const title = document.createElement('p');
      title.id = 'not-found-suggestions-title';
      title.textContent = 'Were you looking for:';
      const list = document.createElement('ul');
      for (const p of best) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = sitePath(p.u);
        a.textContent = p.t;
        const small = document.createElement('span');
        small.className = 'not-found-path';
        small.textContent = ` ${p.u}`;
        li.append(a, small);
        list.append(li);
      }
      section.append(title, list);
      box.append(section);
    })
    .catch(() => undefined);
}
