/**
 * The side panels of the 3D tools (sidePanels.ts lists them with the others); 'ids' is the Information
 * requirements panel (the ids feature's, through the viewer's extensions); 'changes' in a model compare tab only.
 */
export const TOOLKIT_PANELS = [
  'models',
  'sections',
  'measure',
  'appearance',
  'savedViews',
  'ids',
  'changes',
] as const;
export type ToolkitPanel = (typeof TOOLKIT_PANELS)[number];
export const isToolkitPanel = (panel: string | null): panel is ToolkitPanel =>
  (TOOLKIT_PANELS as readonly string[]).includes(panel ?? '');
