// The P&ID sketch editor's constants and messages (engineering spec §5, §8, §9). The texts are the contract.

/** The drawing tools of the toolbar (spec §4 'Sketch drawing tools'). */
export const SKETCH_TOOLS = [
  'none',
  'select',
  'text',
  'pen',
  'highlight',
  'line',
  'dotted',
  'arrow',
  'square',
  'circle',
  'eraser',
] as const;
export type SketchTool = (typeof SKETCH_TOOLS)[number];

/** Penstock's P&ID tools beside the spec's (issue 37): pipelines and signal lines from port to port. */
export const PID_TOOLS = ['pipeline', 'signal'] as const;
export type PidTool = (typeof PID_TOOLS)[number];
/** Every tool of the editor. */
export type EditorTool = SketchTool | PidTool;

/** The tools offered a fixed direction (none, horizontal, vertical). */
export const FIXED_DIRECTION_TOOLS: readonly SketchTool[] = ['line', 'dotted', 'highlight', 'arrow'];
export const FIXED_DIRECTIONS = ['none', 'horizontal', 'vertical'] as const;
export type FixedDirection = (typeof FIXED_DIRECTIONS)[number];

export const SKETCH = {
  /** Stroke widths per kind (spec §9). */
  strokeWidth: { pen: 5, line: 5, dotted: 5, arrow: 5, highlight: 40, eraser: 40, rect: 5, circle: 5 },
  /** Hit widths: 20, or 40 for highlight and eraser. */
  hitStrokeWidth: { default: 20, highlight: 40, eraser: 40 },
  dottedDash: [33, 20] as const,
  highlightColour: 'yellow',
  highlightOpacity: 0.5,
  defaultTextSize: 20,
  defaultText: 'please type here',
  defaultColour: 'black',
  defaultStage: { scale: 1, x: 0, y: 0 },
  initialPastePosition: { x: 500, y: 500 },
  /** Paste offsets: 30 for pen and line-like kinds, 50 for arrows, shapes, images and text. */
  pasteOffset: { lineLike: 30, other: 50 },
  minShapeSize: 5,
  rotationSnap: 45,
  zoomFactor: 1.1,
  exportPixelRatio: 2,
  /** Canvas size as a share of the window; the small layout applies below 960 px of window width. */
  canvas: { width: 0.82, height: 0.8, smallWidth: 0.64, smallHeight: 0.7, smallBelowPx: 960 },
  uploadedImage: { x: 50, y: 50, width: 200, height: 200 },
  /** A dropped symbol's size on the canvas. */
  symbolSize: 80,
  exportNames: { png: 'Sketch.png', pdf: 'canvas.pdf' },
} as const;

/** The symbol carousel: items per slide by screen width (spec §2, §9). */
export function carouselItemsPerSlide(screenWidth: number): number {
  if (screenWidth >= 1350) return 4;
  if (screenWidth >= 1025) return 3;
  if (screenWidth >= 738) return 2;
  return 1;
}

/** The canvas size for a window (82% × 80%, or 64% × 70% below 960 px). */
export function sketchCanvasSize(
  windowWidth: number,
  windowHeight: number,
): { width: number; height: number } {
  const small = windowWidth < SKETCH.canvas.smallBelowPx;
  return {
    width: Math.round(windowWidth * (small ? SKETCH.canvas.smallWidth : SKETCH.canvas.width)),
    height: Math.round(windowHeight * (small ? SKETCH.canvas.smallHeight : SKETCH.canvas.height)),
  };
}

export const SKETCH_MESSAGES = {
  drawingNameEmpty: 'Drawing name empty',
  noProjectSelected: 'No project selected',
  overwrite: 'A sketch already exists with that name, you are about to overwrite it.',
  deleteConfirm: 'Are you sure you want to delete this saved sketch?',
  clearConfirm:
    'Are you sure you want to clear the canvas? Have you made sure you have saved it in case you need it at a later date? ',
  saved: 'Sketch has been saved',
  leavePage:
    'You are about to navigate away from this page, please make sure you have saved all of your work.',
  noStaticResults: 'Found no results matching selected filters',
} as const;
