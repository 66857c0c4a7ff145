import { describe, expect, it } from 'vitest';
import { runsCode } from './queue.js';

describe('the guess that a site has pages with code (their worker starts with the build)', () => {
  it.each([
    ['an exported component', 'Intro\n\nexport const Badge = () => <b>new</b>;\n\n<Badge />\n', true],
    ['exported data', 'export default { a: 1 }\n', true],
    ['a script snippet imported', "import Chart from '/snippets/chart.jsx';\n\n<Chart />\n", true],
    ['a Markdown snippet imported', "import Note from '/snippets/note.mdx';\n\n<Note />\n", false],
    ['a shell export in a code block', '```bash\nexport API_KEY="sk-..."\n```\n', false],
    ['an import in a JavaScript example', "~~~js\nimport { run } from './run.js';\n~~~\n", false],
    ['a longer fence holding a shorter one', "````md\n```js\nexport const a = 1;\n```\n````\n", false],
    ['a shell export outside a code block', 'export API_KEY=1\n', false],
    ['an export after a code block whose closing line looks like an opening one', '```sh\n```js\n```\nexport const a = 1;\n', true],
    ['an import in a code block indented inside a component', "<Tab>\n     ```js\n     import x from './x.js';\n     ```\n</Tab>\n", false],
  ])('%s', (_, source, expected) => {
    expect(runsCode(source)).toBe(expected);
  });
});
