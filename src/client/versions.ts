import { $$, store } from './dom.js';

const KEY = 'kiln-version';

/**
 * The version dropdown: shows the navigation, tabs and anchors of one version (and those with
 * none). The page being read decides first, then the stored choice, then the default version
 * (`data-default`), then the first. An option with `data-href` is a version hosted elsewhere:
 * choosing it goes there. On a page of a version, each option's `data-page` is this page in that
 * version, or the version's first page when it has no such page: choosing it goes there.
 */
export function initVersions(): void {
  const select = document.getElementById('kiln-version') as HTMLSelectElement | null;
  if (!select) return;
  const versions = Array.from(select.options).filter((o) => !o.dataset.href).map((o) => o.value);
  const currentLink = document.querySelector('.sidebar-nav a[aria-current="page"]');
  const own = currentLink?.closest<HTMLElement>('[data-version]')?.dataset.version;
  const stored = store.get(KEY);
  const preferred = select.dataset.default;
  const initial = [own, stored, preferred].find((v) => v && versions.includes(v)) ?? versions[0];
  const apply = (version: string) => {
    $$('[data-version]').forEach((el) => {
      if (el !== select) el.hidden = el.dataset.version !== version;
    });
  };
  select.value = initial ?? '';
  if (initial) apply(initial);
  select.closest<HTMLElement>('.version-select')!.hidden = false;
  let chosen = select.value;
  select.addEventListener('change', () => {
    const href = select.selectedOptions[0]?.dataset.href;
    if (href) {
      select.value = chosen;
      window.location.assign(href);
      return;
    }
    chosen = select.value;
    store.set(KEY, select.value);
    const page = select.selectedOptions[0]?.dataset.page;
    if (page && page !== location.pathname) {
      window.location.assign(page);
      return;
    }
    apply(select.value);
  });
}
