import { matchAnchor } from '../shared/anchor-key.js';
import { $$, announce, store, writeClipboard } from './dom.js';

const VIEW_KEY = 'kiln-view';

/** `[data-copy]` buttons (colour swatches, "Copy prompt"): copy their value, say so for two seconds. */
function initCopyValues(): void {
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLElement>('[data-copy], [data-copy-from]');
    if (!button) return;
    // A prompt without its source as written (a snippet's): the text it shows.
    const text = button.dataset.copy ?? button.closest('.prompt')?.querySelector<HTMLElement>('.prompt-body')?.innerText ?? '';
    void writeClipboard(text).then((ok) => {
      button.classList.toggle('copied', ok);
      announce(ok ? 'Copied to clipboard' : 'Could not copy');
      clearTimeout(Number(button.dataset.timer));
      button.dataset.timer = String(setTimeout(() => button.classList.remove('copied'), 2000));
    });
  });
}

/**
 * `<View title>`: a dropdown of the page's view titles above its content; choosing one shows the
 * views of that title across the page (and is remembered for other pages that have it).
 */
function initViews(): void {
  const views = $$('.prose .view[data-view]');
  const titles = [...new Set(views.map((v) => v.dataset.view!))];
  if (titles.length < 2) return;
  const show = (title: string) => {
    for (const v of views) v.hidden = v.dataset.view !== title;
    document.dispatchEvent(new CustomEvent('kiln:view', { detail: title }));
  };
  const wrap = document.createElement('label');
  wrap.className = 'view-select-wrap';
  wrap.textContent = 'View: ';
  const select = document.createElement('select');
  select.className = 'view-select';
  for (const t of titles) select.append(new Option(t, t));
  wrap.append(select);
  const prose = document.querySelector('.prose');
  prose?.parentElement?.insertBefore(wrap, prose);
  const remembered = store.get(VIEW_KEY);
  if (remembered && titles.includes(remembered)) {
    select.value = remembered;
    show(remembered);
  }
  select.addEventListener('change', () => {
    show(select.value);
    store.set(VIEW_KEY, select.value);
  });
}

/**
 * A link to something inside a closed accordion, another tab or another view (`#id`) opens what
 * holds it and scrolls to it; opening an accordion that has an `id` puts it in the address, so it
 * can be linked. A link to a heading or a field spelled as Mintlify spells its ids
 * (`#option-2:-remote` for `option-2-remote`, `#param-limit` for `query-limit`) goes there, its id
 * put in the address (shared/anchor-key.ts).
 */
function initDeepLinks(): void {
  const reveal = () => {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // Kept as written.
    }
    let target = id ? document.getElementById(id) : null;
    let shown = false;
    if (!target && id) {
      const match = matchAnchor(id, $$('.prose :is(h1, h2, h3, h4, h5, h6, details, .field)[id]').map((h) => h.id));
      target = match === undefined ? null : document.getElementById(match);
      if (target) {
        history.replaceState(history.state, '', `#${encodeURIComponent(target.id)}`);
        // The browser found nothing to scroll to.
        shown = true;
      }
    }
    if (!target) return;
    for (let el: HTMLElement | null = target; el; el = el.parentElement) {
      if (el instanceof HTMLDetailsElement && !el.open) {
        el.open = true;
        shown = true;
      }
      if (el.getAttribute('role') === 'tabpanel' && el.hidden && el.id) {
        document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${CSS.escape(el.id)}"]`)?.click();
        shown = true;
      }
      if (el.classList.contains('view') && el.hidden) {
        const select = document.querySelector<HTMLSelectElement>('.view-select');
        if (select) {
          select.value = el.dataset.view!;
          select.dispatchEvent(new Event('change'));
          shown = true;
        }
      }
    }
    if (shown) target.scrollIntoView();
  };
  reveal();
  window.addEventListener('hashchange', reveal);
  document.addEventListener('click', (e) => {
    const d = (e.target as Element | null)?.closest?.('summary')?.parentElement;
    // The summary's click opens it after this: a closed accordion is being opened.
    if (d instanceof HTMLDetailsElement && !d.open && d.id && d.classList.contains('accordion')) history.replaceState(history.state, '', `#${encodeURIComponent(d.id)}`);
  });
}

/**
 * A `<Panel>` written in a tab or a view: its content, in the side column, shows while the marker
 * left where it was written is in the tab or view on show (render/components/code.tsx).
 */
function initSidePanels(): void {
  const panels = $$('.side-panel[data-side-panel]');
  if (!panels.length) return;
  const follow = () => {
    for (const panel of panels) {
      const marker = document.querySelector(`[data-side-panel-at="${panel.dataset.sidePanel}"]`);
      panel.hidden = !marker || !!marker.closest('[role="tabpanel"][hidden], .view[hidden]');
    }
  };
  for (const type of ['click', 'keydown']) {
    document.addEventListener(type, (e) => {
      if ((e.target as Element | null)?.closest?.('[role="tab"]')) requestAnimationFrame(follow);
    });
  }
  document.addEventListener('kiln:view', follow);
  follow();
}

export function initComponents(): void {
  initCopyValues();
  initSidePanels();
  initViews();
  initDeepLinks();
}
