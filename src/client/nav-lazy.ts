/**
 * Large sections send each page only the navigation around it (layout/sidebar.tsx); the whole
 * navigation is one shared, cacheable file. Swap it in, keep the current page marked and its
 * groups open, and keep the current link where the reader sees it.
 */
export function initLazyNav(): void {
  const marker = document.querySelector<HTMLElement>('[data-kiln-nav]');
  const nav = marker?.parentElement;
  if (!marker || !nav) return;
  fetch(marker.dataset.kilnNav!)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => {
      const tpl = document.createElement('template');
      tpl.innerHTML = html;
      const version = (document.getElementById('kiln-version') as HTMLSelectElement | null)?.value;
      if (version) tpl.content.querySelectorAll<HTMLElement>('[data-version]').forEach((el) => (el.hidden = el.dataset.version !== version));
      const current = nav.querySelector<HTMLElement>('a[aria-current="page"]');
      const href = current?.getAttribute('href');
      const top = current?.getBoundingClientRect().top;
      nav.querySelectorAll(':scope > section.nav-group').forEach((el) => el.remove());
      nav.insertBefore(tpl.content, marker);
      const link = href === undefined || href === null ? undefined : Array.from(nav.querySelectorAll<HTMLElement>('a.nav-link')).find((a) => a.getAttribute('href') === href);
      if (!link) return;
      link.setAttribute('aria-current', 'page');
      if (link.parentElement?.tagName === 'LI') link.parentElement.setAttribute('data-active', '');
      for (let d = link.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
      const scroller = document.getElementById('sidebar');
      if (scroller && top !== undefined) scroller.scrollTop += link.getBoundingClientRect().top - top;
    })
    .catch(() => {
      /* the cut-off parts still link into themselves */
    });
}
