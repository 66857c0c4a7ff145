import { describe, expect, it } from 'vitest';
import { html } from './test-helpers.js';

describe('HTML written in a page', () => {
  it('keeps its paragraph: no <p> in a <p>, its class on the element the author wrote', async () => {
    expect(await html('<p className="note">\nSome **bold** text.\n\nA second paragraph.\n</p>\n')).toBe('<p class="note">Some <strong>bold</strong> text.<br/>\nA second paragraph.</p>');
  });

  it('keeps a heading free of paragraphs', async () => {
    expect(await html('<h2 className="fancy">\n  Title text\n</h2>\n')).toBe('<h2 class="fancy">Title text</h2>');
  });

  it('writes a <p> that holds blocks as a <div> with its attributes', async () => {
    expect(await html('<p className="holds">\n- one\n- two\n</p>\n')).toBe('<div class="holds"><ul>\n<li>one</li>\n<li>two</li>\n</ul></div>');
  });

  it('splits the paragraph a callout is written in, so that the text beside it stays in paragraphs', async () => {
    const callout = (text: string) => new RegExp(`<aside class="callout callout-info"[^>]*>[^]*?<div class="callout-content">${text}</div></aside>`).source;
    expect(await html('<Info>Advanced.</Info>\nYou can supply.\n')).toMatch(new RegExp(`^${callout('Advanced.')}\\n?<p>You can supply.</p>$`));
    expect(await html('Run it. <Info>Careful.</Info> Then **more**.\n')).toMatch(new RegExp(`^<p>Run it.</p>\\n?${callout('Careful.')}\\n?<p>Then <strong>more</strong>.</p>$`));
    // Inline components stay in the line.
    expect(await html('Press <Icon icon="bolt" /> and <Badge>new</Badge>.\n')).toMatch(/^<p>Press <svg[^]*<\/svg> and <span class="badge[^]*<\/span>.<\/p>$/);
  });

  it('leaves blocks in a <div> or a link as they are', async () => {
    expect(await html('<a href="/x">\n  <div className="inner">Hi</div>\n</a>\n')).toBe('<a href="/x"><div class="inner">Hi</div></a>');
    expect(await html('<div className="wrap">\nText.\n</div>\n')).toBe('<div class="wrap"><p>Text.</p></div>');
  });
});
