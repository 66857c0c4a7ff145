import { channelLuminance, inkForLuminance } from '../shared/colour.js';
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

/** WCAG relative luminance of a computed `rgb(…)` colour; undefined for anything else. */
function luminance(rgb: string): number | undefined {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  return m ? channelLuminance([m[1], m[2], m[3]].map(Number)) : undefined;
}

/**
 * A node the author filled (`style B fill:#f9f`) keeps the theme's label colour, light grey in dark
 * mode: unreadable on a pale fill. Such labels get black or white, whichever reads better, unless
 * the author gave a colour too (`color:` in the same style).
 */
function readableLabels(svg: Element): void {
  for (const node of svg.querySelectorAll<SVGGElement>('g.node')) {
    const shape = node.querySelector<SVGElement>(':scope > :is(rect, polygon, circle, ellipse, path)[style*="fill"]');
    const label = node.querySelector<HTMLElement>('.nodeLabel');
    if (!shape || (label && /(^|;)\s*color\s*:/.test(label.getAttribute('style') ?? ''))) continue;
    const l = luminance(getComputedStyle(shape).fill);
    if (l === undefined) continue;
    const ink = inkForLuminance(l);
    for (const el of node.querySelectorAll<HTMLElement | SVGElement>('.nodeLabel, .nodeLabel *, text, tspan')) {
      el.style.setProperty('color', ink, 'important');
      el.style.setProperty('fill', ink, 'important');
    }
  }
}

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
          readableLabels(el);
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
