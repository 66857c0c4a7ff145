import { announce, writeClipboard } from './dom.js';

/** Copy buttons on code blocks (one listener for the page; works for every code-group panel). */
export function initCopy(): void {
  document.addEventListener('click', (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('.copy-button');
    const code = button?.closest('.code-block')?.querySelector('pre code, pre');
    if (!button || !code) return;
    void writeClipboard(code.textContent ?? '').then((ok) => {
      const label = button.getAttribute('aria-label') ?? 'Copy code';
      button.classList.toggle('copied', ok);
      button.setAttribute('aria-label', ok ? 'Copied' : 'Copy failed');
      announce(ok ? 'Copied to clipboard' : 'Could not copy');
      clearTimeout(Number(button.dataset.timer));
      button.dataset.timer = String(
        setTimeout(() => {
          button.classList.remove('copied');
          button.setAttribute('aria-label', label === 'Copied' || label === 'Copy failed' ? 'Copy code' : label);
        }, 2000),
      );
    });
  });
}
