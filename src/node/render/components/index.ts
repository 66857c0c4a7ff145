import type { ComponentType } from 'react';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './callouts.js';
import { Card, CardGroup, Columns } from './cards.js';
import { CodeBlock, CodeGroup, RequestExample, ResponseExample } from './code.js';
import { Accordion, AccordionGroup, Expandable, Step, Steps, Tab, Tabs } from './disclosure.js';
import { ParamField, ResponseField } from './fields.js';
import { Latex } from './latex.js';
import { Badge, Frame, Icon, Tooltip, Update } from './misc.js';
import { Tree } from './tree.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** The components every page can use without importing them. */
export const builtinComponents: Record<string, AnyComponent> = {
  CodeBlock, CodeGroup, RequestExample, ResponseExample,
  Note, Info, Tip, Warning, Danger, Check, Callout,
  Card, CardGroup, Columns,
  Steps, Step, Tabs, Tab, AccordionGroup, Accordion, Expandable,
  ParamField, ResponseField,
  Frame, Tooltip, Update, Badge, Icon,
  Latex, Tree,
};

/** Their names, with the members some have (`Tree.Folder`, `Color.Item`). */
export const builtinNames: ReadonlySet<string> = new Set(
  Object.entries(builtinComponents).flatMap(([name, c]) => [name, ...Object.keys(c).filter((k) => /^[A-Z]/.test(k)).map((k) => `${name}.${k}`)]),
);
export { missingComponent, placeholders, withMissingBoxes } from './misc.js';
