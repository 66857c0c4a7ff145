import type { Handler } from '../types.js';
import { accordion, accordionGroup } from './accordion.js';
import { view, visibility } from './audience.js';
import { badge } from './badge.js';
import { color, content, githubRepo, mention, popupContent, prompt, tile, timeline } from './blocks.js';
import { callout } from './callout.js';
import { card, cardGroup } from './card.js';
import { apiExample, codeBlock, codeGroup } from './code-group.js';
import { field } from './field.js';
import { frame } from './frame.js';
import { icon } from './icon.js';
import { latex } from './latex.js';
import { step, steps } from './steps.js';
import { tab, tabs } from './tabs.js';
import { tooltip } from './tooltip.js';
import { tree } from './tree.js';
import { update } from './update.js';

/** One handler per built-in component (see render/components/index.ts); others keep their content. */
export const handlers: Record<string, Handler> = {
  CodeBlock: codeBlock, CodeGroup: codeGroup, RequestExample: apiExample, ResponseExample: apiExample, Panel: content,
  Note: callout, Info: callout, Tip: callout, Warning: callout, Danger: callout, Check: callout, Callout: callout, Banner: content,
  Card: card, CardGroup: cardGroup, Columns: cardGroup, Column: content, Tile: tile,
  Steps: steps, Step: step, Tabs: tabs, Tab: tab, AccordionGroup: accordionGroup, Accordion: accordion, Expandable: accordion, View: view, Visibility: visibility,
  ParamField: field, ResponseField: field,
  Frame: frame, Tooltip: tooltip, Popup: content, PopupTrigger: content, PopupContent: popupContent, Update: update, Badge: badge, Icon: icon,
  Prompt: prompt, Color: color, Mention: mention, GitHub: content, 'GitHub.Repo': githubRepo, Timeline: timeline,
  Latex: latex, Tree: tree,
};
