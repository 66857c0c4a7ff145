import { store } from './dom.js';

const KEY = 'kiln-theme';

/** Light/dark toggle. The inline head script already applied the stored or OS theme before paint. */
export function initTheme(): void {
  const button = document.querySelector<HTMLButtonElement>('.theme-toggle');
  if (!button) return;
  const root = document.documentElement;
  const label = () => {
    const dark = root.classList.contains('dark');
    button.setAttribute('aria-label', dark ? 'Switch to light mode' : 'Switch to dark mode');
    button.title = button.getAttribute('aria-label')!;
  };
  label();
  button.hidden = false;
  button.addEventListener('click', () => {
    const dark = !root.classList.contains('dark');
    // Switch instantly: without this every transition on the page would animate the change.
    const calm = document.createElement('style');
    calm.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.append(calm);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    void getComputedStyle(root).color;
    requestAnimationFrame(() => calm.remove());
    store.set(KEY, dark ? 'dark' : 'light');
    label();
  });
}
