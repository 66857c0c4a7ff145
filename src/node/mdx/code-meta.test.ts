import { describe, expect, it } from 'vitest';
import { parseCodeMeta } from './code-meta.js';

describe('parseCodeMeta', () => {
  it('reads the title, icon, line options and ranges as Mintlify writes them', () => {
    expect(parseCodeMeta('HelloWorld.java example icon=java lines')).toMatchObject({ title: 'HelloWorld.java example', icon: 'java', lineNumbers: true });
    expect(parseCodeMeta('Icon example icon="square-js" highlight={1-2,5} focus=3')).toMatchObject({ title: 'Icon example', icon: 'square-js', highlight: [1, 2, 5], focus: [3] });
    expect(parseCodeMeta('title="utils/hello.js" wrap expandable nocopy')).toMatchObject({ title: 'utils/hello.js', wrap: true, expandable: true, copy: false });
  });

  it('takes `twoslash` and `theme={null}` as options, not words of the title', () => {
    expect(parseCodeMeta('twoslash Twoslash example').title).toBe('Twoslash example');
    expect(parseCodeMeta('Request theme={null}').title).toBe('Request');
    expect(parseCodeMeta('twoslash').title).toBeUndefined();
  });
});
