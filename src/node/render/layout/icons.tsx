/** The few interface icons the layout itself needs (content icons come from the icon library). */
const base = { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 24', width: 20, height: 20, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const SunIcon = () => (
  <svg {...base} className="icon-sun"><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" /></svg>
);
export const MoonIcon = () => (
  <svg {...base} className="icon-moon"><path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" /></svg>
);
export const MenuIcon = () => (
  <svg {...base}><path d="M4 6h16M4 12h16M4 18h16" /></svg>
);
export const CloseIcon = () => (
  <svg {...base}><path d="M18 6 6 18M6 6l12 12" /></svg>
);
export const ChevronIcon = () => (
  <svg {...base} width={14} height={14} className="chevron"><path d="m9 18 6-6-6-6" /></svg>
);
export const ArrowLeftIcon = () => (
  <svg {...base} width={16} height={16}><path d="M19 12H5M12 19l-7-7 7-7" /></svg>
);
export const ArrowRightIcon = () => (
  <svg {...base} width={16} height={16}><path d="M5 12h14M12 5l7 7-7 7" /></svg>
);
export const ExternalIcon = () => (
  <svg {...base} width={12} height={12} className="external-icon"><path d="M7 17 17 7M7 7h10v10" /></svg>
);
export const CopyIcon = () => (
  <svg {...base} width={16} height={16}><rect x="9" y="9" width="13" height="13" rx="2" /><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" /></svg>
);
export const GlobeIcon = () => (
  <svg {...base} width={16} height={16} className="globe-icon"><circle cx="12" cy="12" r="10" /><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" /></svg>
);
