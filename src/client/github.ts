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
  initGithubCards();
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

interface RepoFacts {
  description: string | null;
  stars: number;
  forks: number;
  at: number;
}

/**
 * `<GitHub.Repo>` cards: the repository's description, stars and forks from GitHub's public API,
 * cached for an hour. Offline or rate-limited, the card stays a link naming the repository.
 */
export function initGithubCards(): void {
  for (const card of $$('[data-github-card]')) {
    const repo = card.dataset.githubCard!;
    const key = `kiln-gh-card:${repo}`;
    const fill = (f: RepoFacts) => {
      const description = card.querySelector<HTMLElement>('.github-repo-description');
      const stats = card.querySelector<HTMLElement>('.github-repo-stats');
      if (description && f.description) {
        description.textContent = f.description;
        description.hidden = false;
      }
      if (stats) {
        stats.querySelector('.github-repo-stars')!.textContent = `★ ${format(f.stars)}`;
        stats.querySelector('.github-repo-forks')!.textContent = `${format(f.forks)} forks`;
        stats.hidden = false;
      }
    };
    try {
      const cached = JSON.parse(store.get(key) ?? 'null') as RepoFacts | null;
      if (cached && Date.now() - cached.at < TTL) {
        fill(cached);
        continue;
      }
    } catch {
      /* a damaged cache entry is refetched */
    }
    fetch(`https://api.github.com/repos/${repo}`, { headers: { Accept: 'application/vnd.github+json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((data: { description?: unknown; stargazers_count?: unknown; forks_count?: unknown } | null) => {
        if (typeof data?.stargazers_count !== 'number' || typeof data.forks_count !== 'number') return;
        const facts: RepoFacts = { description: typeof data.description === 'string' ? data.description : null, stars: data.stargazers_count, forks: data.forks_count, at: Date.now() };
        store.set(key, JSON.stringify(facts));
        fill(facts);
      })
      .catch(() => {});
  }
}
