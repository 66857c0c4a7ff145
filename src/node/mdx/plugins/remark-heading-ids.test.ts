import { describe, expect, it } from 'vitest';
import { compile } from './test-helpers.js';

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
