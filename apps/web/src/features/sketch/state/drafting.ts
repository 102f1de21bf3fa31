import {
  SKETCH,
  constrainToDirection,
  type EditorTool,
  type FixedDirection,
  type SketchElement,
} from '@penstock/shared';

type Point = { x: number; y: number };

/** The tools that draw by dragging on the canvas. */
export const DRAWING_TOOLS: ReadonlySet<EditorTool> = new Set<EditorTool>([
  'pen',
  'highlight',
  'line',
  'dotted',
  'arrow',
  'square',
  'circle',
  'eraser',
]);

const base = (id: string) => ({ id, x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 1 });

/** The element a drag starts with a drawing tool, at a drawing point. */
export function startDraft(tool: EditorTool, id: string, at: Point, colour: string): SketchElement | null {
  switch (tool) {
    case 'pen':
    case 'eraser':
    case 'highlight':
      return { ...base(id), tool, points: [at.x, at.y], colour };
    case 'line':
    case 'dotted':
      return { ...base(id), tool, points: [at.x, at.y, at.x, at.y], colour };
    case 'arrow':
      return { ...base(id), tool: 'arrow', points: [at.x, at.y, at.x, at.y], colour };
    case 'square':
      return { ...base(id), tool: 'rect', x: at.x, y: at.y, width: 0, height: 0, colour };
    case 'circle':
      return { ...base(id), tool: 'circle', x: at.x, y: at.y, radius: 0, colour };
    default:
      return null;
  }
}

/**
 * The draft after the pointer moved to `to`: freehand strokes gain a point (a highlight with a fixed
 * direction is a straight stroke), lines, dotted lines and arrows go from the start to `to` held to the fixed
 * direction, a rect spans start to `to`, a circle's radius reaches `to`.
 */
export function extendDraft(
  draft: SketchElement,
  start: Point,
  to: Point,
  direction: FixedDirection,
): SketchElement {
  switch (draft.tool) {
    case 'highlight':
      if (direction !== 'none') {
        const end = constrainToDirection(start, to, direction);
        return { ...draft, points: [start.x, start.y, end.x, end.y] };
      }
      return { ...draft, points: [...draft.points, to.x, to.y] };
    case 'pen':
    case 'eraser':
      return { ...draft, points: [...draft.points, to.x, to.y] };
    case 'line':
    case 'dotted':
    case 'arrow': {
      const end = constrainToDirection(start, to, direction);
      return { ...draft, points: [start.x, start.y, end.x, end.y] };
    }
    case 'rect':
      return {
        ...draft,
        x: Math.min(start.x, to.x),
        y: Math.min(start.y, to.y),
        width: Math.abs(to.x - start.x),
        height: Math.abs(to.y - start.y),
      };
    case 'circle':
      return { ...draft, radius: Math.hypot(to.x - start.x, to.y - start.y) };
    default:
      return draft;
  }
}

/** Whether a finished draft is worth keeping: a stroke that moved, a shape at least the minimum size. */
export function isMeaningful(draft: SketchElement): boolean {
  switch (draft.tool) {
    case 'pen':
    case 'eraser':
    case 'highlight':
      return draft.points.length >= 2;
    case 'line':
    case 'dotted':
    case 'arrow': {
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = draft.points;
      return Math.hypot(x1 - x0, y1 - y0) >= 1;
    }
    case 'rect':
      return draft.width >= SKETCH.minShapeSize && draft.height >= SKETCH.minShapeSize;
    case 'circle':
      return draft.radius * 2 >= SKETCH.minShapeSize;
    default:
      return true;
  }
}

/** A freehand stroke of one point gets a second so it shows as a dot. */
export function finishDraft(draft: SketchElement): SketchElement {
  if (
    (draft.tool === 'pen' || draft.tool === 'eraser' || draft.tool === 'highlight') &&
    draft.points.length === 2
  )
    return { ...draft, points: [...draft.points, draft.points[0] ?? 0, draft.points[1] ?? 0] };
  return draft;
}

/** A symbol's size on the canvas: its drawing's proportions, the longer side SKETCH.symbolSize. */
export function symbolSize(naturalWidth: number, naturalHeight: number): { width: number; height: number } {
  if (!(naturalWidth > 0) || !(naturalHeight > 0))
    return { width: SKETCH.symbolSize, height: SKETCH.symbolSize };
  const scale = SKETCH.symbolSize / Math.max(naturalWidth, naturalHeight);
  return { width: Math.round(naturalWidth * scale), height: Math.round(naturalHeight * scale) };
}
