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
  const button = document.querySelector<HTMLButtonElement>('.search-button');
  const src = button?.dataset.ui;
  if (!button || !src) return;
  button.hidden = false;
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  const key = button.querySelector('.search-key');
  if (key) key.textContent = mac ? '⌘K' : 'Ctrl K';
  button.setAttribute('aria-keyshortcuts', mac ? 'Meta+K /' : 'Control+K /');

  const open = () => {
    const trigger = document.activeElement as HTMLElement | null;
    button.setAttribute('aria-busy', 'true');
    load(src)
      .then(() => window.kilnSearch?.open(trigger))
      .catch((error: unknown) => console.error('[kiln]', error))
      .finally(() => button.removeAttribute('aria-busy'));
  };
  button.addEventListener('click', open);
  // Warm the cache when the pointer approaches, so the dialog opens at once.
  button.addEventListener('pointerenter', () => void load(src).catch(() => undefined), { once: true });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing) return;
    const k = e.key.toLowerCase();
    if ((k === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) || (e.key === '/' && !e.metaKey && !e.ctrlKey && !e.altKey && !typing(document.activeElement))) {
      if (document.querySelector('dialog.search-dialog[open]')) return;
      e.preventDefault();
      open();
    }
  });
}
