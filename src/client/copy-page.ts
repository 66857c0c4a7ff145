import { $$, announce, writeClipboard } from './dom.js';

/**
 * "Copy page": copies the page as Markdown (the `<url>.md` file the build writes) for pasting
 * into an AI tool or an issue. The page menu may show it twice (its button and its list); the
 * text is fetched once, on first use. Hidden without JavaScript.
 */
export function initCopyPage(): void {
  const buttons = $$<HTMLButtonElement>('.copy-page').filter((b) => b.dataset.md);
  if (buttons.length === 0) return;
  const url = buttons[0]!.dataset.md!;
  let text: Promise<string> | undefined;
  const load = () =>
    (text ??= fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${r.status}`);
      return r.text();
    }).catch((error: unknown) => {
      text = undefined;
      throw error;
    }));
  for (const button of buttons) {
    button.hidden = false;
    const label = button.querySelector('.copy-page-label, .page-menu-title');
    const idle = label?.textContent ?? 'Copy page';
    button.addEventListener('pointerenter', () => void load().catch(() => undefined), { once: true });
    button.addEventListener('click', () => {
      const done = (ok: boolean) => {
        button.classList.toggle('copied', ok);
        if (label) label.textContent = ok ? 'Copied' : 'Copy failed';
        announce(ok ? 'Page copied as Markdown' : 'Could not copy the page');
        clearTimeout(Number(button.dataset.timer));
        button.dataset.timer = String(setTimeout(() => {
          button.classList.remove('copied');
          if (label) label.textContent = idle;
        }, 2000));
      };
      copyText(load()).then(done, () => done(false));
    });
  }
}

/** Writes text that is still arriving; keeps the click's permission where the browser allows it. */
async function copyText(text: Promise<string>): Promise<boolean> {
  const clip = navigator.clipboard;
  if (clip && typeof ClipboardItem !== 'undefined' && clip.write) {
    try {
      await clip.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      return true;
    } catch {
      /* fall through */
    }
  }
  return writeClipboard(await text);
}
