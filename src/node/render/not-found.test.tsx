import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorList } from './not-found.js';

describe('the dev server error list', () => {
  it('sets the catalogue’s backticked code as code, and escapes everything else', () => {
    const html = renderToStaticMarkup(
      <ErrorList
        root="/site"
        diagnostics={[
          {
            code: 'page/over-time-budget',
            severity: 'error',
            file: '/site/loop.mdx',
            message: 'A `<script>` and a lone ` backtick',
            hint: 'Raise the budget with `--page-timeout <seconds>` (or KILN_PAGE_TIMEOUT).',
          },
        ]}
      />,
    );
    expect(html).toContain('<p class="error-hint">Raise the budget with <code>--page-timeout &lt;seconds&gt;</code> (or KILN_PAGE_TIMEOUT).</p>');
    expect(html).toContain('<p class="error-message">A <code>&lt;script&gt;</code> and a lone ` backtick</p>');
  });
});
