import type { Rule } from './native-grammars.js';

/**
 * A plain scalar Shiki's YAML grammar reads as a typed value (its `flow-scalar-plain-*-implicit-type`
 * pattern, whole scalars only): null, YAML 1.1's booleans (`on`, `yes`: a workflow's `on:` key
 * too), integers and floats as loosely as it reads them (`1.10.3`), timestamps, `=` and `<<`.
 */
const IMPLICIT_TYPE =
  /^(?:null|Null|NULL|~|[Yy]|yes|Yes|YES|[Nn]|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|[-+]?0b[01_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[_0-9a-fA-F]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:[0-9][0-9_]*)?\.[.0-9]*(?:[Ee][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|\d{4}-\d{2}-\d{2}|\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|[\t ]+)\d{1,2}:\d{2}:\d{2}(?:\.\d*)?(?:[\t ]*Z|[-+]\d{1,2}(?::\d{1,2})?)?|=|<<)$/;

/** Whether the node walked into last is a mapping's key (its scalar is a tag's name to Shiki). */
let key = false;

/** YAML (tree-sitter-yaml), as Shiki's YAML grammar colours it. */
export const yaml: Rule = (n, paint) => {
  const { type } = n;
  if (!n.named) {
    if (type === '---' || type === '...') paint('entity.other.document');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'flow_node': case 'block_node':
      key = n.field === 'key';
      return;
    case 'plain_scalar':
      if (IMPLICIT_TYPE.test(n.code.slice(n.start, n.end))) return paint('constant.language');
      return paint(key ? 'entity.name.tag' : 'string');
    case 'double_quote_scalar': case 'single_quote_scalar': return paint('string');
    case 'escape_sequence': return paint('constant.character.escape');
    // `|` or `>` and its indicators, then the text.
    case 'block_scalar': {
      let i = n.start;
      while (i < n.end && !/\s/.test(n.code[i]!)) i++;
      paint('string');
      return paint('keyword.control.flow.block-scalar', n.start, i);
    }
    // `&name` and `*name`: the sign a keyword's colour, an anchor's name an entity's, an alias's plain.
    case 'anchor': paint('entity.name.type.anchor');
    // falls through
    case 'alias': return paint('keyword.control.flow', n.start, n.start + 1);
    case 'tag': return paint('storage.type.tag-handle');
  }
};
