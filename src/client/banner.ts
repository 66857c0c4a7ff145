import { store } from './dom.js';

/**
 * A dismissible banner: its button shows with the script; a click hides it and remembers its
 * content's key, which the head script reads before the next page is drawn (layout/theme.ts).
 */
export function initBanner(): void {
  const banner = document.querySelector<HTMLElement>('.site-banner[data-banner-key]');
  const close = banner?.querySelector<HTMLButtonElement>('.site-banner-close');
  if (!banner || !close) return;
  close.hidden = false;
  close.addEventListener('click', () => {
    store.set('kiln-banner-dismissed', banner.dataset.bannerKey!);
    document.documentElement.classList.add('banner-dismissed');
  });
}
