import { describe, expect, it } from 'vitest';
import { PARAM_MARKER as M } from '../components/fields.js';
import { splitAtParams } from './place-params.js';

describe('splitAtParams', () => {
  it('leaves a body without ParamFields whole', () => {
    expect(splitAtParams('<p>a</p>')).toEqual({ before: '<p>a</p>', after: '' });
  });

  it('splits where the first ParamField was and drops headings left empty', () => {
    const html = `<p>intro</p>\n<h2 id="path">Path</h2>\n${M}\n<h2 id="body">Body</h2>\n${M}\n${M}\n<h2 id="response">Response</h2>\n<p>fields</p>`;
    expect(splitAtParams(html)).toEqual({ before: '<p>intro</p>\n', after: '<h2 id="response">Response</h2>\n<p>fields</p>' });
  });

  it('keeps headings with other content, and sub-headings decide for themselves', () => {
    const html = `<h2>Parameters</h2><p>All optional.</p>${M}<h3>Body</h3>${M}<h2>Errors</h2><p>x</p>`;
    expect(splitAtParams(html)).toEqual({ before: '<h2>Parameters</h2><p>All optional.</p>', after: '<h2>Errors</h2><p>x</p>' });
  });

  it('puts the parameters after the body when the first ParamField sits inside a component', () => {
    const html = `<div class="tabs"><div>${M}</div></div><p>end</p>`;
    expect(splitAtParams(html)).toEqual({ before: '<div class="tabs"><div></div></div><p>end</p>', after: '' });
  });
});

describe('splitAtParams on api: pages without ParamFields', () => {
  it('puts the parameters before the response part', () => {
    const html = '<p>intro</p><h2 id="a">Notes</h2><p>n</p><h4 id="response">Response</h4><div class="field">x</div>';
    expect(splitAtParams(html, true)).toEqual({ before: '<p>intro</p><h2 id="a">Notes</h2><p>n</p>', after: '<h4 id="response">Response</h4><div class="field">x</div>' });
    expect(splitAtParams('<p>only</p>', true)).toEqual({ before: '<p>only</p>', after: '' });
    // OpenAPI pages keep their body whole, before the reference.
    expect(splitAtParams(html)).toEqual({ before: html, after: '' });
  });
});
