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

/** The id among `ids` a fragment names: itself, else the first whose key is the fragment's; undefined when none. */
export function matchAnchor(fragment: string, ids: Iterable<string>): string | undefined {
  const key = anchorKey(fragment);
  let found: string | undefined;
  for (const id of ids) {
    if (id === fragment) return id;
    if (found === undefined && key && anchorKey(id) === key) found = id;
  }
  return found;
}
