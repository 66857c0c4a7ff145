import { $$ } from './dom.js';

/** `<CodeGroup dropdown>`: the `<select>` shows the chosen block and names it in the header. */
export function initCodeDropdown(): void {
  for (const group of $$('[data-code-dropdown]')) {
    const select = group.querySelector<HTMLSelectElement>('.code-dropdown-select');
    const label = group.querySelector('.code-dropdown-label');
    if (!select) continue;
    const panels = Array.from(group.children).filter((el): el is HTMLElement => el.classList.contains('tab-panel'));
    const show = () => {
      const i = Number(select.value);
      panels.forEach((p, j) => (p.hidden = j !== i));
      if (label) label.textContent = select.selectedOptions[0]?.textContent ?? '';
    };
    select.addEventListener('change', show);
    show(); // browsers may restore a previous choice on reload
  }
}
