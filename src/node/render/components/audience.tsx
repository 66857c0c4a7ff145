import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the page being rendered needs to know while it renders: the first `<View>` title (shown
 * until the reader picks another), and the titles of the site's pages (`<Mention page>`).
 * Rendering is synchronous, so one module-level slot is safe (as for the API examples in code.tsx).
 */
interface PageRender {
  firstView?: string;
  titleOf?: (url: string) => string | undefined;
  /** False when the page's mode has no side column (`wide`, `center`, `custom`): `<Panel>`s are not shown. */
  panels?: boolean;
}
let current: PageRender = {};

export function withPageRender<T>(options: { titleOf?: (url: string) => string | undefined; panels?: boolean }, render: () => T): T {
  const previous = current;
  current = { titleOf: options.titleOf, panels: options.panels };
  try {
    return render();
  } finally {
    current = previous;
  }
}

/** Whether the page being rendered shows `<Panel>`s: Mintlify's modes without a table of contents hide them. */
export function panelsShown(): boolean {
  return current.panels !== false;
}

/**
 * Whether what is being rendered is in a part of the page a reader does not see at first: a tab
 * other than the first, a view other than the first. `undefined` outside any tab or view.
 * `<Panel>` reads it: its content, in the side column, shows only while its part does.
 */
export const HiddenPart = createContext<boolean | undefined>(undefined);
export const useHiddenPart = () => useContext(HiddenPart);

/** The title of the page at `url` (`/quickstart`), when the page being rendered knows the site. */
export function pageTitle(url: string): string | undefined {
  return current.titleOf?.(url);
}

/**
 * `<View title icon>`: content for one choice of a multi-view dropdown (a language, a framework).
 * The views of the first title show; the dropdown the client script puts above the page's
 * content (src/client/components.ts) shows those of another, across the page.
 */
export function View({ title, children }: { title?: string; icon?: ReactNode; iconType?: string; children?: ReactNode }) {
  const name = typeof title === 'string' && title ? title : 'Default';
  current.firstView ??= name;
  const hidden = name !== current.firstView;
  const outer = useHiddenPart();
  return (
    <div className="view" data-view={name} hidden={hidden}>
      <HiddenPart.Provider value={!!outer || hidden}>{children}</HiddenPart.Provider>
    </div>
  );
}

/**
 * `<Visibility for="humans">` is on the page and left out of its Markdown (`<url>.md`,
 * llms-full.txt); `for="agents"` is the other way round (markdown/handlers/visibility.ts).
 */
export function Visibility({ for: audience, children }: { for?: string; children?: ReactNode }) {
  return audience === 'agents' ? null : <>{children}</>;
}
