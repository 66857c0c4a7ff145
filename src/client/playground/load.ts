/**
 * Loads the API playground chunk (./index.ts, bundled as kiln-playground.js) on endpoint pages
 * that have a playground (`api.playground.mode: "show"`). Other pages load nothing for it.
 */
export function initPlayground(): void {
  const root = document.querySelector<HTMLElement>('.api-playground[data-src]');
  const src = root?.dataset.src;
  if (!root || !src) return;
  const script = document.createElement('script');
  script.src = src;
  script.onerror = () => console.error('[kiln] the API playground could not be loaded');
  document.head.append(script);
}
