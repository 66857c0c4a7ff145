import yaml from 'js-yaml';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import { expandsBeyond } from '../content/yaml-size.js';
import type { Json } from './types.js';

/** Values a YAML OpenAPI file may stand for, aliases expanded: well above the largest public APIs. */
const OPENAPI_VALUES = 5_000_000;

/**
 * Text of a YAML or JSON file → value, or a diagnostic with file:line:col. JSON goes through
 * JSON.parse (fast) and, when that fails, jsonc-parser for the position.
 */
export function parseText(text: string, file: string, code: 'openapi/parse-failed' | 'asyncapi/parse-failed' = 'openapi/parse-failed'): { value?: Json; diagnostics: Diagnostic[] } {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(trimmed)) {
    try {
      return { value: JSON.parse(trimmed), diagnostics: [] };
    } catch (jsonError) {
      const errors: ParseError[] = [];
      try {
        parseTree(trimmed, errors, { allowTrailingComma: false, disallowComments: true });
      } catch (error) {
        // jsonc-parser recurses once per level: past a few thousand, JSON.parse's own message says where.
        if (!(error instanceof RangeError)) throw error;
        const message = (jsonError as Error).message;
        const at = /position (\d+)/.exec(message);
        const { line, column } = offsetToLineColumn(trimmed, at ? Number(at[1]) : 0);
        return { diagnostics: [diag(code, { reason: `JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}` }, { file, line, column, frame: codeFrame(trimmed, line, column) })] };
      }
      const e = errors[0];
      if (e) {
        const { line, column } = offsetToLineColumn(trimmed, e.offset);
        return { diagnostics: [diag(code, { reason: `JSON: ${printParseErrorCode(e.error)}` }, { file, line, column, frame: codeFrame(trimmed, line, column) })] };
      }
      // jsonc-parser accepted what JSON.parse refused (comments): fall through to YAML.
    }
  }
  try {
    const value = yaml.load(trimmed, { filename: file, json: true });
    if (expandsBeyond(value, OPENAPI_VALUES)) {
      return { diagnostics: [diag(code, { reason: `its aliases (*name) stand for more than ${OPENAPI_VALUES.toLocaleString('en')} values` }, { file, line: 1, column: 1 })] };
    }
    return { value, diagnostics: [] };
  } catch (error) {
    const e = error as yaml.YAMLException;
    const line = (e.mark?.line ?? 0) + 1;
    const column = (e.mark?.column ?? 0) + 1;
    return { diagnostics: [diag(code, { reason: e.reason ?? String(e.message) }, { file, line, column, frame: codeFrame(trimmed, line, column) })] };
  }
}

/** Quick check on the first bytes of a file: does it look like an AsyncAPI document? */
export function looksLikeAsyncApi(head: string): boolean {
  return /^asyncapi\s*:/m.test(head) || /^\s*\{[\s\S]{0,2000}?"asyncapi"\s*:/.test(head);
}

/** Quick check on the first bytes of a file: does it look like an OpenAPI or Swagger document? */
export function looksLikeOpenApi(head: string): boolean {
  return /^(?:openapi|swagger)\s*:/m.test(head) || /^\s*\{[\s\S]{0,2000}?"(?:openapi|swagger)"\s*:/.test(head);
}
