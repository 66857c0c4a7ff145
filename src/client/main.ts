/**
 * Kiln's browser script: small progressive enhancements over server-rendered pages.
 * Every page reads fine without it. Loaded with `defer`, so the document is parsed.
 */
import { initAnchors } from './anchors.js';
import { initCodeDropdown } from './code-dropdown.js';
import { initExampleTabs } from './example-tabs.js';
import { initCodeExpand } from './code-expand.js';
import { initCopy } from './copy.js';
import { initMermaid } from './mermaid.js';
import { initNav } from './nav.js';
import { initSearch } from './search.js';
import { initCopyPage } from './copy-page.js';
import { initNotFound } from './not-found.js';
import { initTabs } from './tabs.js';
import { initTheme } from './theme.js';
import { initToc } from './toc.js';
import { initZoom } from './zoom.js';
import { initVersions } from './versions.js';
import { initSwitchers } from './switchers.js';
import { initLazyNav } from './nav-lazy.js';
import { initGithub } from './github.js';
import { initComponents } from './components.js';
import { initPlayground } from './playground/load.js';
import { initPageMenu } from './page-menu.js';
import { initBanner } from './banner.js';
import { initFeedback } from './feedback.js';

document.documentElement.classList.add('js');

for (const init of [initTheme, initNav, initTabs, initExampleTabs, initCopy, initCodeExpand, initAnchors, initToc, initLazyNav, initVersions, initSwitchers, initGithub, initComponents, initCodeDropdown, initZoom, initMermaid, initSearch, initCopyPage, initPageMenu, initBanner, initFeedback, initNotFound, initPlayground]) {
  try {
    init();
  } catch (error) {
    console.error('[kiln]', error);
  }
}
