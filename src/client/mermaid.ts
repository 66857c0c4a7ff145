import { MERMAID_JS_URL } from '../shared/vendor-urls.js';
import { $$, sitePath } from './dom.js';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loading: Promise<Mermaid> | undefined;
/** Mermaid (3.5 MB) is fetched only by pages with a diagram, once one comes near the viewport. */
function load(): Promise<Mermaid> {
  return (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sitePath(MERMAID_JS_URL);
    script.onload = () => {
      const m = (window as unknown as { mermaid?: Mermaid }).mermaid;
      if (m) resolve(m);
      else reject(new Error('Mermaid did not load'));
    };
    script.onerror = () => reject(new Error(`Could not load ${MERMAID_JS_URL}`));
    document.head.append(script);
  }));
}

let serial = 0;
const theme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/**
 * ```mermaid fences arrive as `.mermaid-diagram` holding their source (readable without
 * JavaScript). They are drawn in the current theme and drawn again when the theme changes.
 * A diagram Mermaid cannot parse keeps showing its source.
 */
export function initMermaid(): void {
  const diagrams = $$('.mermaid-diagram');
  if (diagrams.length === 0) return;
  const sources = new Map(diagrams.map((el) => [el, el.textContent ?? '']));
  let queue = Promise.resolve();

  const draw = (targets: HTMLElement[]) => {
    queue = queue.then(async () => {
      let mermaid: Mermaid;
      try {
        mermaid = await load();
      } catch (error) {
        for (const el of targets) el.dataset.error = '';
        throw error;
      }
      const mode = theme();
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: mode === 'dark' ? 'dark' : 'default', fontFamily: getComputedStyle(document.body).fontFamily });
      for (const el of targets) {
        const id = `kiln-mermaid-${serial++}`;
        try {
          const { svg } = await mermaid.render(id, sources.get(el)!);
          el.innerHTML = svg;
          el.dataset.rendered = mode;
          delete el.dataset.error;
        } catch (error) {
          document.getElementById(`d${id}`)?.remove(); // Mermaid leaves its error graphic in <body>
          el.dataset.error = '';
          console.error('[kiln] mermaid:', error);
        }
      }
    }).catch((error) => console.error('[kiln]', error));
  };

  const observer = new IntersectionObserver((entries) => {
    const near = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement);
    for (const el of near) observer.unobserve(el);
    if (near.length) draw(near);
  }, { rootMargin: '400px 0px' });
  for (const el of diagrams) observer.observe(el);

  // The theme toggle switches the `dark` class on <html>: redraw what was drawn in the other theme.
  new MutationObserver(() => {
    const stale = diagrams.filter((el) => el.dataset.rendered && el.dataset.rendered !== theme());
    if (stale.length) draw(stale);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
