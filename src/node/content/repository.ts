import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Settings } from '../settings/types.js';

const run = promisify(execFile);

/** Where the docs live on GitHub, for "Suggest edits" and "Raise issue". */
export interface Repository {
  owner: string;
  name: string;
  /** Branch edits are proposed against. */
  branch: string;
  /** Folder of the docs inside the repository (`docs/`), empty at its root. */
  prefix: string;
  /** Where it was learned: the settings, or the project's git remote. */
  from: 'settings' | 'git';
}

/** `https://github.com/o/r(.git)(/...)`, `git@github.com:o/r.git`, `ssh://git@github.com/o/r` → owner/name. */
export function parseGithubRepo(url: string): { owner: string; name: string } | undefined {
  const m = /^(?:https?:\/\/|ssh:\/\/git@|git@|git:\/\/)(?:www\.)?github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/?#].*)?$/i.exec(url.trim());
  return m ? { owner: m[1]!, name: m[2]! } : undefined;
}

async function git(root: string, ...args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', ['-C', root, ...args], { timeout: 3000 });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project's git remote gives the most precise answer (it also knows the docs folder and the
 * branch); a repository named in the settings (a `github` CTA or social link) is the fallback.
 */
export async function findRepository(root: string, settings: Settings): Promise<Repository | undefined> {
  const remote = await git(root, 'config', '--get', 'remote.origin.url');
  const fromRemote = remote ? parseGithubRepo(remote) : undefined;
  if (fromRemote) {
    const prefix = (await git(root, 'rev-parse', '--show-prefix')) ?? '';
    const head = await git(root, 'symbolic-ref', '--short', 'refs/remotes/origin/HEAD');
    const branch = head?.replace(/^origin\//, '') ?? (await git(root, 'rev-parse', '--abbrev-ref', 'HEAD')) ?? 'main';
    return { ...fromRemote, branch, prefix, from: 'git' };
  }
  const candidates = [
    settings.topbarCtaButton?.type === 'github' ? settings.topbarCtaButton.url : undefined,
    ...settings.footerSocials.filter((s) => s.type === 'github').map((s) => s.url),
    ...settings.topbarLinks.map((l) => l.url),
  ];
  for (const url of candidates) {
    const repo = url ? parseGithubRepo(url) : undefined;
    if (repo) return { ...repo, branch: 'main', prefix: '', from: 'settings' };
  }
  return undefined;
}

export function editUrl(repo: Repository, relPath: string): string {
  return `https://github.com/${repo.owner}/${repo.name}/edit/${repo.branch}/${repo.prefix}${relPath}`;
}

export function issueUrl(repo: Repository, title: string, pageUrl: string): string {
  const q = new URLSearchParams({ title: `Issue on docs: ${title}`, body: `Page: ${pageUrl}\n\n` });
  return `https://github.com/${repo.owner}/${repo.name}/issues/new?${q}`;
}
