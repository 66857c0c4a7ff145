import { $$, store } from './dom.js';

/** The analytics functions a page may have (render/layout/analytics.ts adds their snippets). */
interface Trackers {
  gtag?: (command: 'event', name: string, params: Record<string, string>) => void;
  posthog?: { capture(name: string, props: Record<string, string>): void };
  plausible?: (name: string, options: { props: Record<string, string> }) => void;
}

/**
 * "Was this page helpful?" (`feedback.thumbsRating`). A static site has no server to count votes,
 * so the answer goes to the analytics the site uses (a `page_feedback` event to Google Analytics,
 * PostHog and Plausible) and to a `kiln:feedback` DOM event for the site's own scripts; the
 * reader's answer is remembered per page.
 */
export function initFeedback(): void {
  const box = document.querySelector<HTMLElement>('.thumbs-rating');
  if (!box) return;
  box.hidden = false;
  const buttons = $$<HTMLButtonElement>('.thumbs-button', box);
  const thanks = box.querySelector<HTMLElement>('.thumbs-thanks');
  const key = `kiln-rating:${location.pathname}`;
  const show = (rating: string | null) => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.rating === rating));
    if (thanks) thanks.textContent = rating ? 'Thanks for your feedback.' : '';
  };
  show(store.get(key));
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const rating = button.dataset.rating!;
      store.set(key, rating);
      show(rating);
      const detail = { page: location.pathname, helpful: rating };
      document.dispatchEvent(new CustomEvent('kiln:feedback', { detail }));
      const w = window as unknown as Trackers;
      try {
        w.gtag?.('event', 'page_feedback', detail);
        w.posthog?.capture('page_feedback', detail);
        w.plausible?.('page_feedback', { props: detail });
      } catch {
        /* an analytics script that fails must not break the page */
      }
    });
  }
}
