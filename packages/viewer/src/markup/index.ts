export { createMarkupLayer, shapeElement } from './MarkupLayer.ts';
export type { MarkupLayer, MarkupLayerMode, MarkupLayerOptions } from './MarkupLayer.ts';
export {
  arrowHead,
  boxOf,
  boxToPixels,
  cloudPath,
  cloudRadius,
  DEFAULT_MARKUP_STYLE,
  drawnFont,
  hitTest,
  MARKUP_FRAMES,
  MARKUP_TOOLS,
  moveShape,
  parseDrawing,
  polylinePath,
  serializeDrawing,
  shapeBounds,
  toFraction,
  toPixels,
} from './geometry.ts';
export type {
  MarkupDrawing,
  MarkupFrame,
  MarkupShape,
  MarkupStyle,
  MarkupTool,
  Point,
  Size,
} from './geometry.ts';
