import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { html } from '../../mdx/plugins/test-helpers.js';

describe('documented attributes', () => {
  it('Steps titleSize sizes every step title a step does not size itself', async () => {
    const out = await html('<Steps titleSize="h3">\n  <Step title="One">A</Step>\n  <Step title="Two" titleSize="p">B</Step>\n</Steps>\n');
    expect(out.match(/<(h3|p) class="step-title">(One|Two)</g)).toEqual(['<h3 class="step-title">One<', '<p class="step-title">Two<']);
  });

  it('Badge: size, shape, stroke, disabled, icon and colour', async () => {
    const out = await html('<Badge size="lg" shape="pill" stroke disabled color="red" icon="lock">Locked</Badge>\n');
    expect(out).toMatch(/^<span class="badge badge-lg badge-pill badge-stroke badge-disabled" data-badge="" data-color="red" data-size="lg" aria-disabled="true"><svg class="kiln-icon [^"]*badge-icon"/);
    expect(await html('<Badge size="huge">x</Badge>\n')).toBe('<span class="badge badge-md" data-badge="" data-size="md">x</span>');
  });

  it('Tooltip: headline, tip and a link to follow', async () => {
    expect(await html('<Tooltip headline="API" tip="Interface." cta="Read more" href="/api">API</Tooltip>\n')).toBe('<span class="tooltip" tabindex="0">API<span class="tooltip-text" role="tooltip"><span class="tooltip-headline">API</span><span class="tooltip-tip">Interface.</span><a class="tooltip-cta" href="/api">Read more<span aria-hidden="true"> →</span></a></span></span>');
  });

  it('Card: an arrow on external links unless arrow={false}, on others when arrow is set; cta; callout types', async () => {
    const arrow = (attrs: string) => html(`<Card title="T" ${attrs}>x</Card>\n`).then((o) => /<span class="card-arrow" aria-hidden="true">(.)<\/span>/.exec(o)?.[1] ?? null);
    expect(await arrow('href="https://x.dev"')).toBe('↗');
    expect(await arrow('href="https://x.dev" arrow={false}')).toBeNull();
    expect(await arrow('href="/a"')).toBeNull();
    expect(await arrow('href="/a" arrow="true"')).toBe('→');
    expect(await html('<Card title="T" cta="Go">x</Card>\n')).toContain('<span class="card-cta">Go<span aria-hidden="true"> →</span></span>');
    expect(await html('<Card title="T" type="danger">x</Card>\n')).toMatch(/^<div class="card card-type callout-danger"><div class="card-body"><span class="card-icon card-type-icon" aria-hidden="true"><svg /);
  });

  it('Card: a link card holding links or code is not one link, its title is (no link inside a link)', async () => {
    const plain = await html('<Card title="Web" href="/web">Open the app.</Card>\n');
    expect(plain).toMatch(/^<a class="card card-link" href="\/web">/);
    for (const body of ['Open [the app](https://app.dev).', '```bash\nnpx app\n```']) {
      const out = await html(`<Card title="Web" href="https://app.dev">\n${body}\n</Card>\n`);
      expect(out, body).toMatch(/^<div class="card card-link card-covered"><a class="card-cover" href="https:\/\/app.dev" target="_blank" rel="noopener noreferrer" aria-label="Web \(opens in a new tab\)"><\/a>/);
      // Exactly the cover and what the content has: no <a> holds another.
      expect(out.match(/<a\b[^>]*>(?:(?!<\/a>)[^])*<a\b/), body).toBeNull();
    }
  });

  it('Card: a title written as JSX is a box of its own, not a paragraph the browser would split', async () => {
    const out = await html('<Card title={<div className="flex"><span>v1</span> Explaining</div>} href="/a">x</Card>\n');
    expect(out).toContain('<div class="card-title"><div class="flex"><span>v1</span> Explaining</div></div>');
    expect(await html('<Card title="Plain">x</Card>\n')).toContain('<p class="card-title">Plain</p>');
  });

  it('Color: a value that is not a colour never reaches the style', async () => {
    const out = await html('<Color variant="compact">\n  <Color.Item name="x" value="red;background:url(https://evil.dev/x)" />\n  <Color.Item name="y" value="#0D9373" />\n</Color>\n');
    expect(out).not.toMatch(/style="[^"]*evil/);
    expect(out).toContain('style="--swatch-light:transparent;--swatch-dark:transparent"');
    expect(out).toContain('style="--swatch-light:#0D9373;--swatch-dark:#0D9373"');
  });

  it('Visibility for agents renders nothing on the page; for humans, its content', async () => {
    expect(await html('<Visibility for="agents">Agents only.</Visibility>\n\n<Visibility for="humans">People only.</Visibility>\n')).toBe('\nPeople only.');
  });

  it('Frame: caption and hint as Markdown, nothing else let through', async () => {
    const out = await html('<Frame caption="See [it](/a) <script>alert(1)</script>" hint="**Look**">\n  <img src="/x.png" alt="x" />\n</Frame>\n');
    expect(out).toContain('<figcaption><span>See <a href="/a">it</a> alert(1)</span></figcaption>');
    expect(out).toContain('<span class="frame-hint"><strong>Look</strong></span>');
    expect(renderToStaticMarkup(<>{out}</>)).not.toContain('<script>');
  });
});
