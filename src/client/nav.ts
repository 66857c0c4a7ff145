/**
 * Mobile navigation drawer. Without the script the menu link opens the sidebar through
 * #sidebar:target; with it the link toggles body.nav-open, moves focus into the drawer, and
 * Escape, the close button, the backdrop or tabbing out close it again.
 */
export function initNav(): void {
  const sidebar = document.getElementById('sidebar');
  if (!sidebar) return;
  revealCurrent(sidebar);

  const menu = document.querySelector<HTMLElement>('.menu-button');
  if (!menu) return;
  const closeButton = sidebar.querySelector<HTMLElement>('.sidebar-close');
  const body = document.body;
  const isOpen = () => body.classList.contains('nav-open');

  const open = () => {
    body.classList.add('nav-open');
    menu.setAttribute('aria-expanded', 'true');
    revealCurrent(sidebar);
    (closeButton ?? sidebar.querySelector<HTMLElement>('a[href]'))?.focus();
  };
  const close = (restoreFocus: boolean) => {
    if (!isOpen()) return;
    body.classList.remove('nav-open');
    menu.setAttribute('aria-expanded', 'false');
    if (restoreFocus) menu.focus();
  };

  menu.setAttribute('aria-expanded', 'false');
  menu.addEventListener('click', (e) => {
    e.preventDefault();
    if (isOpen()) close(true);
    else open();
  });
  closeButton?.addEventListener('click', (e) => {
    e.preventDefault();
    close(true);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) close(true);
  });
  document.addEventListener('click', (e) => {
    const t = e.target as Node;
    if (isOpen() && !sidebar.contains(t) && !menu.contains(t)) close(false);
  });
  sidebar.addEventListener('focusout', (e) => {
    const to = e.relatedTarget as Node | null;
    if (to && !sidebar.contains(to)) close(false);
  });
  // Opened through the link before the script loaded: carry on with the scripted drawer.
  if (location.hash === '#sidebar') {
    history.replaceState(null, '', location.pathname + location.search);
    if (getComputedStyle(menu).display !== 'none') open();
  }
}

/** Scrolls the sidebar (not the page) so the current page's link is in view. */
function revealCurrent(sidebar: HTMLElement): void {
  const link = sidebar.querySelector<HTMLElement>('[aria-current="page"]');
  if (!link) return;
  const box = sidebar.getBoundingClientRect();
  const at = link.getBoundingClientRect();
  if (at.top < box.top + 64 || at.bottom > box.bottom - 16) {
    sidebar.scrollTop += at.top - box.top - box.height / 3;
  }
}
