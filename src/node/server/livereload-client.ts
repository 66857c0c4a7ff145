/** The Server-Sent Events endpoint of `kiln dev`; pages must not use this path. */
export const LIVE_RELOAD_PATH = '/_kiln/events';
/**
 * Stands for the number of changes the server had handled when it sent the page (server/dev.ts
 * fills it in). The page sends it back when it connects: a change made between serving the page and
 * the connection would otherwise never reach it.
 */
export const RELOAD_VERSION = '__kiln_reload_version__';

/**
 * Appended by the dev site to every HTML page (never to a build). Reloads on `reload` events,
 * keeping the scroll position across the reload, and reloads once after the dev server
 * comes back from a restart (what changed while it was down is unknown).
 * EventSource reconnects by itself while the server is unreachable, but gives up for good on
 * a non-SSE answer (e.g. another server took the port), hence the manual retry.
 */
export const LIVE_RELOAD_SNIPPET = `<script>
(() => {
  const key = 'kiln:scroll:' + location.pathname;
  let saved = null;
  try { saved = sessionStorage.getItem(key); sessionStorage.removeItem(key); } catch {}
  if (saved !== null) {
    const restore = () => scrollTo(0, Number(saved));
    document.readyState === 'complete' ? restore() : addEventListener('load', restore, { once: true });
  }
  const reload = () => {
    try { sessionStorage.setItem(key, String(scrollY)); } catch {}
    location.reload();
  };
  let lost = false;
  const connect = () => {
    const source = new EventSource('${LIVE_RELOAD_PATH}?v=${RELOAD_VERSION}');
    source.addEventListener('reload', reload);
    source.addEventListener('open', () => { if (lost) reload(); });
    source.addEventListener('error', () => {
      lost = true;
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
    });
  };
  connect();
})();
</script>`;
