import { $$, store } from './dom.js';

const TTL = 60 * 60 * 1000;

function format(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n);
}

function show(link: HTMLElement, stars: number): void {
  const box = link.querySelector<HTMLElement>('.cta-github-stars');
  const count = link.querySelector<HTMLElement>('.cta-github-count');
  if (!box || !count) return;
  count.textContent = format(stars);
  box.hidden = false;
  link.setAttribute('aria-label', `${link.dataset.githubRepo} on GitHub, ${stars} stars`);
}

/**
 * The star count of a `github` call-to-action, from GitHub's public API, cached for an hour.
 * Offline or rate-limited, the link simply stays a repository link.
 */
export function initGithub(): void {
  for (const link of $$('[data-github-repo]')) {
    const repo = link.dataset.githubRepo!;
    const key = `kiln-gh:${repo}`;
    try {
      const cached = JSON.parse(store.get(key) ?? 'null') as { stars: number; at: number } | null;
      if (cached && Date.now() - cached.at < TTL) {
        show(link, cached.stars);
        continue;
      }
    } catch {
      /* a damaged cache entry is refetched */
    }
    fetch(`https://api.github.com/repos/${repo}`, { headers: { Accept: 'application/vnd.github+json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((data: { stargazers_count?: unknown } | null) => {
        if (typeof data?.stargazers_count !== 'number') return;
        store.set(key, JSON.stringify({ stars: data.stargazers_count, at: Date.now() }));
        show(link, data.stargazers_count);
      })
      .catch(() => {});
  }
}
