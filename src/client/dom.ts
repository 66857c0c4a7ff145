/** Small DOM and storage helpers shared by the behaviours. */

export const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T[] =>
  Array.from(root.querySelectorAll<T>(selector));

/**
 * A site path under the base path the site is hosted at (`kiln build --base /docs/` writes it into
 * `<html data-base>`): `/_kiln/x` → `/docs/_kiln/x`. URLs in the HTML are rebased by the build.
 */
export function sitePath(path: string): string {
  const base = document.documentElement.dataset.base ?? '/';
  return base === '/' || !path.startsWith('/') ? path : base + path.slice(1);
}

/** localStorage that never throws (private mode, disabled storage, sandboxed iframes). */
export const store = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the choice just is not remembered */
    }
  },
};

let live: HTMLElement | undefined;
/** Reads a short message to screen-reader users (polite live region, created on first use). */
export function announce(message: string): void {
  if (!live) {
    live = document.createElement('div');
    live.className = 'visually-hidden';
    live.setAttribute('role', 'status');
    document.body.append(live);
  }
  live.textContent = '';
  const el = live;
  setTimeout(() => (el.textContent = message), 50);
}

/** Copy text; without the async clipboard (plain http, old browsers) a hidden textarea does it. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
