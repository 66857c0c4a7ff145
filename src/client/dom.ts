/** Small DOM and storage helpers shared by the behaviours. */

export const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T[] =>
  Array.from(root.querySelectorAll<T>(selector));

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
