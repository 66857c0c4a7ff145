import { describe, expect, it } from 'vitest';
import { html } from '../../mdx/plugins/test-helpers.js';

const group = (attr: string) => `<CodeGroup${attr}>\n\n\`\`\`python basic.py\nprint(1)\n\`\`\`\n\n\`\`\`js basic.js\nconsole.log(1)\n\`\`\`\n\n</CodeGroup>\n`;

describe('CodeGroup dropdown', () => {
  it('renders a select naming each block instead of tabs; the first block shows', async () => {
    const out = await html(group(' dropdown'));
    expect(out).toContain('data-code-dropdown=""');
    expect(out).toContain('<span class="code-dropdown-label">basic.py</span>');
    expect(out).toContain('<select class="code-dropdown-select" aria-label="Code example"><option value="0" selected="">basic.py</option><option value="1">basic.js</option></select>');
    expect(out).not.toContain('role="tab"');
    expect(out.match(/<div class="tab-panel"[^>]*>/g)).toEqual(['<div class="tab-panel" data-tab-label="basic.py">', '<div class="tab-panel" hidden="" data-tab-label="basic.js">']);
  });

  it('keeps tabs without it', async () => {
    const out = await html(group(''));
    expect(out).toContain('role="tablist"');
    expect(out).not.toContain('<select');
  });
});
