import type { ReactNode } from 'react';

const svg = { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 24', width: 16, height: 16, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
const FolderIcon = () => (
  <svg {...svg} className="tree-icon tree-icon-folder"><path d="M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.69-.9L9.6 3.9A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z" /></svg>
);
const FileIcon = () => (
  <svg {...svg} className="tree-icon tree-icon-file"><path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z" /><path d="M14 2v4a2 2 0 0 0 2 2h4" /></svg>
);
const ChevronIcon = () => (
  <svg {...svg} width={14} height={14} className="tree-chevron"><path d="m9 18 6-6-6-6" /></svg>
);

const isSet = (v: unknown) => v !== undefined && v !== false && v !== 'false';

/** A folder: `<details>`/`<summary>`, so it opens and closes without JavaScript. */
function TreeFolder({ name, defaultOpen, openable = true, children }: { name?: string; defaultOpen?: boolean | string; openable?: boolean | string; children?: ReactNode }) {
  if (!isSet(openable)) {
    return (
      <li className="tree-item tree-folder">
        <span className="tree-label"><FolderIcon />{name}</span>
        <ul className="tree-list">{children}</ul>
      </li>
    );
  }
  return (
    <li className="tree-item tree-folder">
      <details open={isSet(defaultOpen)}>
        <summary className="tree-label"><ChevronIcon /><FolderIcon />{name}</summary>
        <ul className="tree-list">{children}</ul>
      </details>
    </li>
  );
}

function TreeFile({ name }: { name?: string }) {
  return (
    <li className="tree-item tree-file">
      <span className="tree-label"><FileIcon />{name}</span>
    </li>
  );
}

/** A file tree: `<Tree>` with `<Tree.Folder name defaultOpen>` and `<Tree.File name>` inside. */
export function Tree({ children }: { children?: ReactNode }) {
  return (
    <div className="file-tree">
      <ul className="tree-list" aria-label="Files">{children}</ul>
    </div>
  );
}
Tree.Folder = TreeFolder;
Tree.File = TreeFile;
