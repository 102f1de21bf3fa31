export { createMarkupLayer, shapeElement } from './MarkupLayer.ts';
export type { MarkupLayer, MarkupLayerMode, MarkupLayerOptions } from './MarkupLayer.ts';
export {
  arrowHead,
  boxOf,
  cloudPath,
  cloudRadius,
  DEFAULT_MARKUP_STYLE,
  drawnFont,
  hitTest,
  MARKUP_TOOLS,
  moveShape,
  parseDrawing,
  polylinePath,
  serializeDrawing,
  shapeBounds,
  toFraction,
  toPixels,
} from './geometry.ts';
export type { MarkupDrawing, MarkupShape, MarkupStyle, MarkupTool, Point, Size } from './geometry.ts';
