import type { CSSObjectWithLabel } from 'react-select';

/**
 * react-select props that render the open menu in document.body above everything (z-index 1080, over
 * Bootstrap's modals and the sticky headers), so a menu is never clipped by a scrolled or overflow-hidden
 * container. Spread into any <Select>.
 */
export const menuInBody = {
  menuPortalTarget: typeof document === 'undefined' ? null : document.body,
  styles: { menuPortal: (base: CSSObjectWithLabel) => ({ ...base, zIndex: 1080 }) },
};
