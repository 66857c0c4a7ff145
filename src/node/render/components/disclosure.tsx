import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';
import { HiddenPart, useHiddenPart } from './audience.js';

/** `<Steps titleSize>`: the size of every step's title (`p`, `h2`, `h3`), unless a step sets its own. */
export function Steps({ children, titleSize }: { children?: ReactNode; titleSize?: string }) {
  const sized = titleSize ? Children.map(children, (c) => (isValidElement(c) && (c.props as { titleSize?: string }).titleSize === undefined ? cloneElement(c as ReactElement<{ titleSize?: string }>, { titleSize }) : c)) : children;
  return <ol className="steps">{sized}</ol>;
}

export function Step({ title, children, stepNumber, icon, iconType, titleSize }: { title?: string; children?: ReactNode; stepNumber?: number; icon?: ReactNode; iconType?: string; titleSize?: string }) {
  const Heading = titleSize === 'h2' ? 'h2' : titleSize === 'h3' ? 'h3' : 'p';
  // An icon takes the place of the number in the step's circle (the counter still counts it).
  const marker = icon ? <span className="step-icon"><ContentIcon icon={icon} iconType={iconType} /></span> : null;
  return (
    <li className={marker ? 'step step-has-icon' : 'step'} value={stepNumber}>
      {marker}
      {title && <Heading className="step-title">{title}</Heading>}
      <div className="step-content">{children}</div>
    </li>
  );
}

const on = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false';

/**
 * `<Tabs>`: choosing a tab also chooses the tab of that title in the page's other tab sets and
 * code groups, and is remembered (src/client/tabs.ts), unless `sync={false}`. `borderBottom`
 * closes the set with a rule, so content after it does not read as part of the last tab.
 */
export function Tabs({ children, sync, borderBottom }: { children?: ReactNode; sync?: boolean | string; borderBottom?: boolean | string }) {
  const tabs = Children.toArray(children).filter(isValidElement) as ReactElement<{ title?: string; icon?: ReactNode; iconType?: string }>[];
  const labels = tabs.map((t, i) => t.props.title ?? `Tab ${i + 1}`);
  const outer = useHiddenPart();
  return (
    <div className={on(borderBottom) ? 'tabs tabs-border-bottom' : 'tabs'} data-tabs="" data-tabs-sync={sync !== undefined && !on(sync) ? 'false' : undefined}>
      <div role="tablist" className="tabs-list">
        {labels.map((label, i) => (
          <button key={i} type="button" role="tab" className="tab" aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1} data-tab-label={label}>
            {tabs[i]!.props.icon ? <ContentIcon icon={tabs[i]!.props.icon} iconType={tabs[i]!.props.iconType} className="tab-icon" /> : null}
            {label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div key={i} role="tabpanel" className="tab-panel" hidden={i !== 0} data-tab-label={labels[i]}>
          <HiddenPart.Provider value={!!outer || i !== 0}>{t}</HiddenPart.Provider>
        </div>
      ))}
    </div>
  );
}

export function Tab({ children }: { title?: string; icon?: ReactNode; iconType?: string; children?: ReactNode }) {
  return <>{children}</>;
}

export function AccordionGroup({ children }: { children?: ReactNode }) {
  return <div className="accordion-group">{children}</div>;
}

/**
 * `<Accordion title description defaultOpen icon id>`: a `<details>`, so it opens without
 * JavaScript. `id` names it for links: `#id` opens it and scrolls to it (src/client/anchors.ts).
 */
export function Accordion({ title, description, defaultOpen, icon, iconType, id, children }: { title?: ReactNode; description?: ReactNode; defaultOpen?: boolean | string; icon?: ReactNode; iconType?: string; id?: string; children?: ReactNode }) {
  return (
    <details className="accordion" id={typeof id === 'string' && id ? id : undefined} open={on(defaultOpen) || undefined}>
      <summary>
        <span className="accordion-title">{icon ? <ContentIcon icon={icon} iconType={iconType} className="accordion-icon" /> : null}{title}</span>
        {description && <span className="accordion-description">{description}</span>}
      </summary>
      <div className="accordion-content">{children}</div>
    </details>
  );
}

export function Expandable({ title = 'properties', defaultOpen, children }: { title?: string; defaultOpen?: boolean; children?: ReactNode }) {
  return (
    <details className="expandable" open={defaultOpen || undefined}>
      <summary>
        <span className="expandable-show">Show {title}</span>
        <span className="expandable-hide">Hide {title}</span>
      </summary>
      <div className="expandable-content">{children}</div>
    </details>
  );
}
