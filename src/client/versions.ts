import { $$, store } from './dom.js';

const KEY = 'kiln-version';

/**
 * The version dropdown: shows the navigation, tabs and anchors of one version (and those with
 * none). The page being read decides first, then the stored choice, then the first version.
 */
export function initVersions(): void {
  const select = document.getElementById('kiln-version') as HTMLSelectElement | null;
  if (!select) return;
  const versions = Array.from(select.options, (o) => o.value);
  const currentLink = document.querySelector('.sidebar-nav a[aria-current="page"]');
  const own = currentLink?.closest<HTMLElement>('[data-version]')?.dataset.version;
  const stored = store.get(KEY);
  const initial = own && versions.includes(own) ? own : stored && versions.includes(stored) ? stored : versions[0];
  const apply = (version: string) => {
    $$('[data-version]').forEach((el) => {
      if (el !== select) el.hidden = el.dataset.version !== version;
    });
  };
  select.value = initial ?? '';
  if (initial) apply(initial);
  select.closest<HTMLElement>('.version-select')!.hidden = false;
  select.addEventListener('change', () => {
    store.set(KEY, select.value);
    apply(select.value);
  });
}
