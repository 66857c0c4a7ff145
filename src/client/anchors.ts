import { $$ } from './dom.js';

/** A "#" permalink after each page heading, shown on hover or keyboard focus. */
export function initAnchors(): void {
  for (const heading of $$('.prose :is(h2, h3, h4, h5, h6)[id]')) {
    const a = document.createElement('a');
    a.className = 'heading-anchor';
    a.href = `#${encodeURIComponent(heading.id)}`;
    a.setAttribute('aria-label', 'Link to this section');
    a.textContent = '#';
    heading.append(a);
  }
}
