import { $$ } from './dom.js';

/**
 * Request and response examples in the API column: when their tabs do not fit the header (many
 * `x-codeSamples`, or a phone), a `<select>` names the chosen one instead, as Mintlify and Scalar
 * do. Choosing an option clicks its (hidden) tab, so tabs.ts stays the one place that switches
 * panels, syncs same-named tabs and remembers the choice.
 */
export function initExampleTabs(): void {
  if (typeof ResizeObserver === 'undefined') return;
  for (const group of $$('.api-example > .code-group[data-tabs]')) {
    const header = group.querySelector<HTMLElement>(':scope > .code-group-header');
    const list = header?.querySelector<HTMLElement>('[role="tablist"]');
    if (!header || !list) continue;
    const tabs = $$('[role="tab"]', list);
    if (tabs.length < 2) continue;

    const select = document.createElement('select');
    select.className = 'code-group-select';
    select.setAttribute('aria-label', list.getAttribute('aria-label') ?? 'Code example');
    tabs.forEach((tab, i) => select.add(new Option(tab.textContent ?? `Tab ${i + 1}`, String(i))));
    header.append(select);

    const sync = () => {
      const i = tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true');
      select.value = String(Math.max(i, 0));
    };
    select.addEventListener('change', () => tabs[Number(select.value)]?.click());
    // Tabs also change from elsewhere: a same-named tab chosen in another group.
    new MutationObserver(sync).observe(list, { subtree: true, attributeFilter: ['aria-selected'] });
    sync();

    // Measure with the tabs shown; the header's width does not depend on which of the two is.
    const fit = () => {
      group.removeAttribute('data-overflow');
      if (list.scrollWidth > list.clientWidth + 1) group.setAttribute('data-overflow', '');
    };
    new ResizeObserver(fit).observe(header);
  }
}
