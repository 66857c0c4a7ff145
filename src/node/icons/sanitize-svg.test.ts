import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg.js';

describe('sanitizeSvg', () => {
  it('keeps shapes and presentation attributes', () => {
    const out = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M5 12h14"/><circle cx="12" cy="12" r="3"></circle><g transform="translate(1 1)"><rect x="1" y="1" width="4" height="4" rx="1"/></g></svg>');
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M5 12h14"/><circle cx="12" cy="12" r="3"></circle><g transform="translate(1 1)"><rect x="1" y="1" width="4" height="4" rx="1"/></g></svg>');
  });

  it('drops scripts, event handlers, links and foreign content', () => {
    const out = sanitizeSvg(
      `<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert("x")</script><path d="M0 0" onclick='steal()' ONMOUSEOVER=x/>` +
        `<a href="javascript:alert(1)"><rect width="1" height="1"/></a><foreignObject><img src=x onerror=alert(1)></foreignObject>` +
        `<use href="#p"/><style>*{background:url(https://evil)}</style><rect fill="url(javascript:alert(1))" stroke="url(#grad)"/></svg>`,
    )!;
    expect(out).toBe('<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/><rect stroke="url(#grad)"/></svg>');
    expect(out).not.toMatch(/script|onload|onclick|onmouseover|javascript|href|onerror|style|foreignObject/i);
  });

  it('re-escapes attribute values and survives broken markup', () => {
    expect(sanitizeSvg('<svg><path d="M0 0&quot; onload=&quot;x"/></svg>')).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0&quot; onload=&quot;x"/></svg>');
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><path d="M0 0">')).toBe('<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"><path d="M0 0"></path></svg>');
    expect(sanitizeSvg('<div>no svg here</div>')).toBeUndefined();
    expect(sanitizeSvg('<svg><script>"</svg><svg onload=alert(1)>"</script></svg>')).toBe('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  });

  it('sets the root attributes it is given', () => {
    expect(sanitizeSvg('<svg width="100" height="100" viewBox="0 0 1 1"/>', { rootAttributes: { width: '16', height: '16', 'aria-hidden': 'true' } })).toBe(
      '<svg width="16" height="16" viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"/>',
    );
  });
});
