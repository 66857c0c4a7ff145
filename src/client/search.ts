/**
 * The search button and its shortcuts (`/`, Ctrl+K, ⌘K). The dialog itself (search-dialog.ts)
 * and Pagefind are loaded the first time search is opened, so a page that is only read pays
 * nothing for them. Without JavaScript the button stays hidden.
 */
type Open = (trigger?: HTMLElement | null) => void;
declare global {
  interface Window {
    kilnSearch?: { open: Open };
  }
}

let loading: Promise<void> | undefined;

function load(src: string): Promise<void> {
  return (loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error('search could not be loaded'));
    };
    document.head.append(script);
  }));
}

const typing = (el: Element | null) =>
  !!el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el as HTMLElement).isContentEditable);

export function initSearch(): void {
  // The top bar's two entries, Mintlify's `#search-bar-entry` (wide screens) and
  // `#search-bar-entry-mobile` (phones): sites' own scripts show and hide them by those ids.
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.search-button'));
  const src = buttons[0]?.dataset.ui;
  if (!src) return;
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const button of buttons) {
    button.hidden = false;
    const key = button.querySelector('.search-key');
    if (key) key.textContent = mac ? '⌘K' : 'Ctrl K';
    button.setAttribute('aria-keyshortcuts', mac ? 'Meta+K /' : 'Control+K /');
  }

  const open = (button?: HTMLButtonElement) => {
    const trigger = document.activeElement as HTMLElement | null;
    button?.setAttribute('aria-busy', 'true');
    load(src)
      .then(() => window.kilnSearch?.open(trigger))
      .catch((error: unknown) => console.error('[kiln]', error))
      .finally(() => button?.removeAttribute('aria-busy'));
  };
  for (const button of buttons) {
    button.addEventListener('click', () => open(button));
    // Warm the cache when the pointer approaches, so the dialog opens at once.
    button.addEventListener('pointerenter', () => void load(src).catch(() => undefined), { once: true });
  }
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing) return;
    const k = e.key.toLowerCase();
    if ((k === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) || (e.key === '/' && !e.metaKey && !e.ctrlKey && !e.altKey && !typing(document.activeElement))) {
      if (document.querySelector('dialog.search-dialog[open]')) return;
      e.preventDefault();
      open(buttons.find((b) => b.getClientRects().length > 0));
    }
  });
}
