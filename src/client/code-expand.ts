import { $$ } from './dom.js';

const VISIBLE_LINES = 12;

/** "Show all N lines" toggle for long `expandable` code blocks (without the script they scroll). */
export function initCodeExpand(): void {
  for (const block of $$('.code-block.expandable')) {
    const lines = block.querySelectorAll('.line').length;
    if (lines <= VISIBLE_LINES) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-expand';
    const render = (open: boolean) => {
      button.textContent = open ? 'Show less' : `Show all ${lines} lines`;
      button.setAttribute('aria-expanded', String(open));
    };
    render(false);
    button.addEventListener('click', () => {
      const open = block.classList.toggle('expanded');
      render(open);
      if (!open && block.getBoundingClientRect().top < 0) block.scrollIntoView({ block: 'start' });
    });
    block.classList.add('is-collapsible');
    block.append(button);
  }
}
