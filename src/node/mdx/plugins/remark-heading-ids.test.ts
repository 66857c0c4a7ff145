import { describe, expect, it } from 'vitest';
import { compile, html } from './test-helpers.js';

describe('the table of contents', () => {
  it('lists the headings of tabs other than the first and of other views hidden, and none the page never shows', async () => {
    const out = await compile(`## Top

<Tabs>
  <Tab title="A">
    ## In A
  </Tab>
  <Tab title="B">
    ## In B
  </Tab>
</Tabs>

<View title="JS">
  ## With npm
</View>

<View title="Python">
  ## With pip
</View>

<Visibility for="agents">
  ## For agents
</Visibility>
`);
    expect(out.toc).toEqual([
      { depth: 2, id: 'top', text: 'Top' },
      { depth: 2, id: 'in-a', text: 'In A' },
      { depth: 2, id: 'in-b', text: 'In B', hidden: true },
      { depth: 2, id: 'with-npm', text: 'With npm' },
      { depth: 2, id: 'with-pip', text: 'With pip', hidden: true },
    ]);
  });
});

describe('accordion ids', () => {
  it("name each accordion by its title, after the headings' ids, which stay as they were; a given id is kept", async () => {
    const page = await html(['<Accordion title="Install">Steps.</Accordion>', '', '## Install', '', '<Accordion title="When should I define a workflow instead?">Soon.</Accordion>', '', '<Accordion title="Given" id="own">x</Accordion>', ''].join('\n'));
    expect([...page.matchAll(/<(details|h2) class="accordion" id="([^"]+)"|<h2 id="([^"]+)"/g)].map((m) => m[2] ?? m[3])).toEqual(['install-1', 'install', 'when-should-i-define-a-workflow-instead', 'own']);
  });
});
