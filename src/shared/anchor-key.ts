/**
 * A heading id or a link's fragment with only its letters and digits, lower-cased: what two
 * spellings of one heading's anchor have in common. Kiln's ids are GitHub's (github-slugger:
 * `option-2-remote-server-deployment`); Mintlify's keep more of the heading, and links written for
 * it do too (`#option-2:-remote-server-deployment`, `#real-time-metrics-&-monitoring`, `#error-🤖`).
 * Such a link finds its heading by this key (client/components.ts, and `kiln check`).
 */
export function anchorKey(anchor: string): string {
  return anchor.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Kiln's id of a `<ParamField>`: its location, then its name (`query-limit`); Mintlify's is `param-limit`. */
const FIELD = /^(?:path|query|body|header|cookie)-/;

/**
 * The id among `ids` a fragment names: itself, else the first whose key is the fragment's, else
 * for Mintlify's `param-<name>` the field of that name; undefined when none.
 */
export function matchAnchor(fragment: string, ids: Iterable<string>): string | undefined {
  const key = anchorKey(fragment);
  const param = fragment.startsWith('param-') ? anchorKey(fragment.slice('param-'.length)) : '';
  let found: string | undefined;
  let field: string | undefined;
  for (const id of ids) {
    if (id === fragment) return id;
    if (found === undefined && key && anchorKey(id) === key) found = id;
    if (field === undefined && param && FIELD.test(id) && anchorKey(id.replace(FIELD, '')) === param) field = id;
  }
  return found ?? field;
}
