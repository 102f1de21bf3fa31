import { useCallback, useEffect, useState } from 'react';
import { useConfig } from '../config/hooks/useConfig.ts';

/**
 * The viewer's side panels (core spec §2, forms spec §2 'Panels and their exclusivity'): one at a time.
 * Choosing another replaces the open one, choosing the open one closes it, and none opens on mobile widths.
 */
export const SIDE_PANELS = [
  'markup',
  'pdf',
  'workflow',
  'upload',
  'projectData',
  'reports',
  'calculations',
  'metaProperties',
  'modelTree',
  // the 3D tools (toolkit/toolkitPanels.ts)
  'models',
  'sections',
  'measure',
  'appearance',
  'savedViews',
  // the Information requirements panel (issue 36)
  'ids',
  // a model compare tab's change list (issue 34)
  'changes',
] as const;
export type SidePanel = (typeof SIDE_PANELS)[number];

/** 'No data to be loaded': Automatic Documentation without the tab's meta-property data. */
export const NO_DATA_TO_LOAD = 'No data to be loaded';

/** The panel open after the user chooses `chosen` while `current` is open. */
export function chooseSidePanel(
  current: SidePanel | null,
  chosen: SidePanel,
  mobile: boolean,
): SidePanel | null {
  if (mobile) return null;
  return current === chosen ? null : chosen;
}

/** Fallbacks when the settings have not loaded (Bootstrap's sm and lg breakpoints). */
export const DEFAULT_MOBILE_WIDTH = 576;
export const DEFAULT_TABLET_WIDTH = 992;

/** Mobile: narrower than mobileWidth. Desktop: at least tabletWidth (the panels' toolbar buttons show there). */
export function widthClass(width: number, mobileWidth: number, tabletWidth: number) {
  return { mobile: width < mobileWidth, desktop: width >= tabletWidth };
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The side panel of one viewer, with the width rules of the settings (mobileWidth, tabletWidth). */
export function useSidePanel(initial: SidePanel | null = null) {
  const settings = useConfig().data?.generalSettings;
  const width = useWindowWidth();
  const { mobile, desktop } = widthClass(
    width,
    settings?.mobileWidth ?? DEFAULT_MOBILE_WIDTH,
    settings?.tabletWidth ?? DEFAULT_TABLET_WIDTH,
  );
  const [panel, setPanel] = useState<SidePanel | null>(initial);
  // a window narrowed to mobile width closes the open panel
  const [wasMobile, setWasMobile] = useState(mobile);
  if (wasMobile !== mobile) {
    setWasMobile(mobile);
    if (mobile) setPanel(null);
  }
  const choose = useCallback(
    (chosen: SidePanel) => setPanel((c) => chooseSidePanel(c, chosen, mobile)),
    [mobile],
  );
  const open = useCallback((chosen: SidePanel) => setPanel(mobile ? null : chosen), [mobile]);
  const close = useCallback((which?: SidePanel) => setPanel((c) => (which && c !== which ? c : null)), []);
  return { panel: mobile ? null : panel, choose, open, close, mobile, desktop };
}
