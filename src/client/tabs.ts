import { $$, store } from './dom.js';

const KEY = 'kiln-tabs';
const MAX_REMEMBERED = 12;

interface TabSet {
  tabs: HTMLElement[];
  panels: HTMLElement[];
  /** False for `<Tabs sync={false}>`: chosen on its own, neither following nor leading the others. */
  sync: boolean;
}

let serial = 0;
const labelOf = (tab: HTMLElement) => tab.dataset.tabLabel ?? tab.textContent ?? '';

function readPreferences(): string[] {
  try {
    const v: unknown = JSON.parse(store.get(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function select(set: TabSet, index: number): void {
  set.tabs.forEach((tab, i) => {
    const on = i === index;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    const panel = set.panels[i];
    if (panel) panel.hidden = !on;
  });
}

/**
 * Tabs and code groups (ARIA tablist, arrow/Home/End keys). Choosing a label switches every set
 * on the page that has it, and the choice is remembered for other pages.
 */
export function initTabs(): void {
  const sets: TabSet[] = [];
  let preferences = readPreferences();

  for (const root of $$('[data-tabs]')) {
    const list = root.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) continue;
    const tabs = Array.from(list.children).filter((el): el is HTMLElement => el.getAttribute('role') === 'tab');
    const panels = Array.from(root.children).filter((el): el is HTMLElement => el.getAttribute('role') === 'tabpanel');
    const set: TabSet = { tabs, panels, sync: root.dataset.tabsSync !== 'false' };
    tabs.forEach((tab, i) => {
      const n = serial++;
      const panel = panels[i];
      tab.id ||= `kiln-tab-${n}`;
      if (panel) {
        panel.id ||= `kiln-tabpanel-${n}`;
        tab.setAttribute('aria-controls', panel.id);
        panel.setAttribute('aria-labelledby', tab.id);
      }
    });
    const preferred = set.sync ? preferences.map((p) => tabs.findIndex((t) => labelOf(t) === p)).find((i) => i >= 0) : undefined;
    if (preferred !== undefined) select(set, preferred);
    sets.push(set);

    const choose = (index: number, focus: boolean) => {
      const tab = tabs[index]!;
      const label = labelOf(tab);
      const before = tab.getBoundingClientRect().top;
      for (const other of sets) {
        if (other !== set && (!set.sync || !other.sync)) continue;
        const i = other === set ? index : other.tabs.findIndex((t) => labelOf(t) === label);
        if (i >= 0) select(other, i);
      }
      if (focus) tab.focus({ preventScroll: true });
      // Sets above may have changed height: keep the chosen tab where the reader sees it.
      const shift = tab.getBoundingClientRect().top - before;
      if (shift) window.scrollBy(0, shift);
      if (set.sync && !/^Tab \d+$/.test(label)) {
        preferences = [label, ...preferences.filter((p) => p !== label)].slice(0, MAX_REMEMBERED);
        store.set(KEY, JSON.stringify(preferences));
      }
    };

    list.addEventListener('click', (e) => {
      const i = tabs.indexOf((e.target as Element).closest<HTMLElement>('[role="tab"]')!);
      if (i >= 0) choose(i, false);
    });
    list.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(document.activeElement as HTMLElement);
      if (i < 0) return;
      const last = tabs.length - 1;
      const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      choose(next, true);
    });
  }
}
