import type { ComponentType } from 'react';
import { View, Visibility } from './audience.js';
import { Banner, Callout, Check, Danger, Info, Note, Tip, Warning } from './callouts.js';
import { Card, CardGroup, Column, Columns, Tile } from './cards.js';
import { CodeBlock, CodeGroup, Panel, RequestExample, ResponseExample } from './code.js';
import { Color } from './color.js';
import { Accordion, AccordionGroup, Expandable, Step, Steps, Tab, Tabs } from './disclosure.js';
import { ParamField, ResponseField } from './fields.js';
import { GitHub, Mention } from './github.js';
import { Latex } from './latex.js';
import { Badge, Frame, Icon, Tooltip, Update } from './misc.js';
import { Popup, PopupContent, PopupTrigger } from './popup.js';
import { Prompt } from './prompt.js';
import { Timeline } from './timeline.js';
import { Tree } from './tree.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** The components every page can use without importing them. */
export const builtinComponents: Record<string, AnyComponent> = {
  CodeBlock, CodeGroup, RequestExample, ResponseExample, Panel,
  Note, Info, Tip, Warning, Danger, Check, Callout, Banner,
  Card, CardGroup, Columns, Column, Tile,
  Steps, Step, Tabs, Tab, AccordionGroup, Accordion, Expandable, View, Visibility,
  ParamField, ResponseField,
  Frame, Tooltip, Popup, PopupTrigger, PopupContent, Update, Badge, Icon, Prompt, Color, Mention, GitHub, Timeline,
  Latex, Tree,
};

/** Their names, with the members some have (`Tree.Folder`, `Color.Item`). */
export const builtinNames: ReadonlySet<string> = new Set(
  Object.entries(builtinComponents).flatMap(([name, c]) => [name, ...Object.keys(c).filter((k) => /^[A-Z]/.test(k)).map((k) => `${name}.${k}`)]),
);
export { missingComponent, placeholders, withMissingBoxes } from './misc.js';
export { withPageRender } from './audience.js';
