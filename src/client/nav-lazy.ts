/**
 * Large sections send each page only the group it is in (layout/sidebar.tsx); the whole
 * navigation is one shared, cacheable file. Swap the collapsed groups for their full lists.
 */
export function initLazyNav(): void {
  const marker = document.querySelector<HTMLElement>('[data-kiln-nav]');
  const stubs = document.querySelectorAll<HTMLElement>('.nav-group-stub[data-nav-index]');
  if (!marker || stubs.length === 0) return;
  fetch(marker.dataset.kilnNav!)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => {
      const tpl = document.createElement('template');
      tpl.innerHTML = html;
      const groups = tpl.content.querySelectorAll('section.nav-group');
      stubs.forEach((stub) => {
        const full = groups[Number(stub.dataset.navIndex)];
        if (full) {
          // Keep what the version filter decided for the stub.
          (full as HTMLElement).hidden = stub.hidden;
          stub.replaceWith(full);
        }
      });
    })
    .catch(() => {
      /* the collapsed groups still link to their first pages */
    });
}
