import type { ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';
import { CopyIcon } from '../layout/icons.js';
import { InlineMarkdown } from './inline-markdown.js';

/**
 * `<Prompt description icon actions>`: a prompt for an AI assistant, shown as written, with "Copy
 * prompt" (the default action) and "Open in Cursor" (`actions={["cursor", "copy"]}`). Both use
 * the text between its tags as the author wrote it (`source`, added by
 * mdx/plugins/remark-code-block-element.ts), not the rendered Markdown.
 */
export function Prompt({ description, icon, iconType, actions, className, source, children }: { description?: ReactNode; icon?: ReactNode; iconType?: string; actions?: string[] | string; className?: string; source?: string; children?: ReactNode }) {
  const wanted = Array.isArray(actions) ? actions : typeof actions === 'string' ? [actions] : ['copy'];
  const text = typeof source === 'string' ? source : undefined;
  return (
    <div className={`prompt${className ? ` ${className}` : ''}`}>
      <div className="prompt-head">
        {icon ? <ContentIcon icon={icon} iconType={iconType} size={16} className="prompt-icon" /> : null}
        {description ? <InlineMarkdown text={description} className="prompt-description" /> : <span className="prompt-description" />}
        <span className="prompt-actions">
          {wanted.includes('cursor') && text !== undefined && (
            <a className="prompt-action" href={`https://cursor.com/link/prompt?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">Open in Cursor</a>
          )}
          {wanted.includes('copy') && (
            <button type="button" className="prompt-action prompt-copy" data-copy={text} data-copy-from="prompt">
              <CopyIcon /> Copy prompt
            </button>
          )}
        </span>
      </div>
      <div className="prompt-body">{children}</div>
    </div>
  );
}
