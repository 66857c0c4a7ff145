import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/format.js';
import { substituteVariables } from './variables.js';

const vars = { product: 'Atlas', version: '2.4.0', 'api-url': 'https://api.example.dev', tag: '<b>{x}</b> & co' };

describe('variables', () => {
  it('replaces {{name}} in prose, attributes, inline code, code blocks and front matter', () => {
    const source = [
      '---',
      'title: "{{product}} {{ version }}"',
      '---',
      '',
      'Use {{product}} at <a href="{{api-url}}">the API</a>.',
      '',
      'Run `npm i atlas@{{version}}`.',
      '',
      '```sh',
      'curl {{api-url}}/v{{version}}',
      '```',
    ].join('\n');
    expect(substituteVariables(source, vars, '/p.mdx').text.split('\n')).toEqual([
      '---',
      'title: "Atlas 2.4.0"',
      '---',
      '',
      'Use Atlas at <a href="https://api.example.dev">the API</a>.',
      '',
      'Run `npm i atlas@2.4.0`.',
      '',
      '```sh',
      'curl https://api.example.dev/v2.4.0',
      '```',
    ]);
  });

  it('writes values as text: markup and braces become character references outside code, as they are in code', () => {
    expect(substituteVariables('Made by {{tag}}.\n\n`{{tag}}`', vars, '/p.mdx').text).toBe('Made by &#60;b&#62;&#123;x&#125;&#60;/b&#62; &#38; co.\n\n`<b>{x}</b> & co`');
  });

  it('puts values in as they are in a code block indented inside a component (MDX reads it as code)', () => {
    const source = '<Tabs>\n  <Tab title="A">\n      ```html\n      {{tag}}\n      ```\n  </Tab>\n</Tabs>\n\n{{tag}}';
    expect(substituteVariables(source, vars, '/p.mdx').text.split('\n').filter((l) => l.includes('co'))).toEqual(['      <b>{x}</b> & co', '&#60;b&#62;&#123;x&#125;&#60;/b&#62; &#38; co']);
  });

  it('leaves a site without variables as it is', () => {
    const source = 'Helm: `{{ .Values.name }}` and {{name}}';
    expect(substituteVariables(source, undefined, '/p.mdx')).toEqual({ text: source, diagnostics: [] });
  });

  it('reports a name no variable has outside code, where it is, and leaves it; in code it is text', () => {
    const { text, diagnostics } = substituteVariables('Hi {{prodcut}}.\n\n```\n{{ other }}\n```\n', vars, '/docs/p.mdx');
    expect(text).toBe('Hi {{prodcut}}.\n\n```\n{{ other }}\n```\n');
    expect(diagnostics.map((d) => formatDiagnostic(d, '/docs'))).toEqual([
      [
        'p.mdx:1:4  warning  page/unknown-variable  `{{prodcut}}` names no variable of docs.json; it is left as written.',
        '  Define it in `variables` (defined: product, version, api-url, tag), or fix the name.',
        '  > 1 | Hi {{prodcut}}.',
        '      |    ^',
        '    2 |',
        '    3 | ```',
      ].join('\n'),
    ]);
  });
});
