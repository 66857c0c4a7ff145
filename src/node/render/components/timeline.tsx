import type { ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';

/** `<Timeline>` of `<Timeline.Item title date icon color>`: events in order, each with a marker. */
export function Timeline({ children }: { children?: ReactNode }) {
  return <ol className="timeline">{children}</ol>;
}

const COLORS = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple']);

function TimelineItem({ title, date, icon, iconType, color, children }: { title?: ReactNode; date?: ReactNode; icon?: ReactNode; iconType?: string; color?: string; children?: ReactNode }) {
  return (
    <li className="timeline-item" data-color={color && COLORS.has(color) ? color : 'gray'}>
      <span className="timeline-marker" aria-hidden="true">{icon ? <ContentIcon icon={icon} iconType={iconType} size={12} /> : null}</span>
      <div className="timeline-head">
        {title && <span className="timeline-title">{title}</span>}
        {date && <span className="timeline-date">{date}</span>}
      </div>
      {children && <div className="timeline-content">{children}</div>}
    </li>
  );
}

Timeline.Item = TimelineItem;
