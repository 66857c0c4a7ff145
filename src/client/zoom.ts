import { $$ } from './dom.js';

/**
 * Click (or Enter) on a content image shows it large in a modal <dialog>: Escape, a click or the
 * close button closes it and focus returns to the image. Not for images in links or buttons, or
 * with `noZoom` (`data-no-zoom`).
 */
export function initZoom(): void {
  const images = $$<HTMLImageElement>('.prose img').filter((img) => !img.closest('a, button, [data-no-zoom]'));
  for (const img of images) {
    img.classList.add('zoomable');
    img.tabIndex = 0;
    img.setAttribute('role', 'button');
    img.setAttribute('aria-label', `Enlarge image${img.alt ? `: ${img.alt}` : ''}`);
    img.addEventListener('click', () => open(img));
    img.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open(img);
      }
    });
  }
}

function open(img: HTMLImageElement): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'zoom-dialog';
  dialog.setAttribute('aria-label', img.alt || 'Image');
  const large = document.createElement('img');
  large.src = img.currentSrc || img.src;
  large.alt = img.alt;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'zoom-close';
  close.setAttribute('aria-label', 'Close');
  close.textContent = '×';
  dialog.append(large, close);
  dialog.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    img.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
