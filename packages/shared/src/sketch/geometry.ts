// The editor's arithmetic (engineering spec §4 'Selection and editing', 'View'; §9): paste offsets, rotation
// snapping, the minimum size, scale baked into rects and circles, zoom around the pointer and z-order.
import { SKETCH } from './constants.ts';
import {
  SKETCH_LIST_KEYS,
  elementsInOrder,
  listOf,
  type SketchElement,
  type SketchLists,
  type StageSpec,
} from './schema.ts';

const LINE_LIKE = new Set<SketchElement['tool']>([
  'pen',
  'eraser',
  'highlight',
  'line',
  'dotted',
  'pipeline',
  'signal',
]);

/** 30 for pen and line-like kinds, 50 for arrows, shapes, images and text. */
export function pasteOffset(tool: SketchElement['tool']): number {
  return LINE_LIKE.has(tool) ? SKETCH.pasteOffset.lineLike : SKETCH.pasteOffset.other;
}

/**
 * A copy of an element, moved down and right by its paste offset, with a new id, drawn on top. A copied
 * pipeline or signal line is moved point by point and fastened to nothing; a copied symbol has no tag (a
 * tag names one item).
 */
export function pastedCopy<E extends SketchElement>(element: E, id: string, z?: number): E {
  const offset = pasteOffset(element.tool);
  const order = z === undefined ? {} : { z };
  if (element.tool === 'pipeline' || element.tool === 'signal')
    return {
      ...element,
      id,
      points: element.points.map((value) => value + offset),
      start: null,
      end: null,
      ...order,
    };
  if (element.tool === 'image' && element.tag !== undefined) {
    const { tag: _tag, ...untagged } = element;
    return { ...untagged, id, x: element.x + offset, y: element.y + offset, ...order } as E;
  }
  return { ...element, id, x: element.x + offset, y: element.y + offset, ...order };
}

/** The angles the transformer snaps to: every multiple of 45 degrees. */
export const ROTATION_SNAPS: readonly number[] = Array.from(
  { length: 360 / SKETCH.rotationSnap },
  (_, i) => i * SKETCH.rotationSnap,
);

/** An angle snapped to the nearest multiple of 45 degrees when within the tolerance, else unchanged. */
export function snapRotation(degrees: number, tolerance = 5): number {
  const nearest = Math.round(degrees / SKETCH.rotationSnap) * SKETCH.rotationSnap;
  return Math.abs(nearest - degrees) <= tolerance ? nearest : degrees;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}

/** The transformer's bound check: a resize below the minimum size keeps the old box. */
export function boundedBox<B extends Box>(oldBox: B, newBox: B, minSize: number = SKETCH.minShapeSize): B {
  return Math.abs(newBox.width) < minSize || Math.abs(newBox.height) < minSize ? oldBox : newBox;
}

/** A rect's or circle's scale after a transform, baked into its size (scale back to 1). */
export function bakeScale<E extends SketchElement>(element: E): E {
  if (element.tool === 'rect')
    return {
      ...element,
      width: Math.max(SKETCH.minShapeSize, Math.abs(element.width * element.scaleX)),
      height: Math.max(SKETCH.minShapeSize, Math.abs(element.height * element.scaleY)),
      scaleX: 1,
      scaleY: 1,
    };
  if (element.tool === 'circle')
    return {
      ...element,
      radius: Math.max(
        SKETCH.minShapeSize / 2,
        element.radius * Math.max(Math.abs(element.scaleX), Math.abs(element.scaleY)),
      ),
      scaleX: 1,
      scaleY: 1,
    };
  return element;
}

export const MIN_STAGE_SCALE = 0.05;
export const MAX_STAGE_SCALE = 20;

/**
 * One wheel step: zoom in (direction > 0) or out by 1.1 keeping the drawing point under the pointer where
 * it is on screen. The pointer is in screen (stage container) pixels.
 */
export function zoomAround(
  stage: StageSpec,
  pointer: { x: number; y: number },
  direction: number,
  factor: number = SKETCH.zoomFactor,
): StageSpec {
  const scale = Math.min(
    MAX_STAGE_SCALE,
    Math.max(MIN_STAGE_SCALE, direction > 0 ? stage.scale * factor : stage.scale / factor),
  );
  const anchor = { x: (pointer.x - stage.x) / stage.scale, y: (pointer.y - stage.y) / stage.scale };
  return { scale, x: pointer.x - anchor.x * scale, y: pointer.y - anchor.y * scale };
}

/** The drawing point under a screen point. */
export function toDrawing(stage: StageSpec, screen: { x: number; y: number }): { x: number; y: number } {
  return { x: (screen.x - stage.x) / stage.scale, y: (screen.y - stage.y) / stage.scale };
}

/** A point constrained to the fixed direction from the start of a line. */
export function constrainToDirection(
  start: { x: number; y: number },
  point: { x: number; y: number },
  direction: 'none' | 'horizontal' | 'vertical',
): { x: number; y: number } {
  if (direction === 'horizontal') return { x: point.x, y: start.y };
  if (direction === 'vertical') return { x: start.x, y: point.y };
  return point;
}

export type ZMove = 'up' | 'down' | 'top' | 'bottom';

/** The lists with every element given a z in drawing order, the moved one shifted as asked. */
export function moveInOrder(lists: SketchLists, id: string, move: ZMove): SketchLists {
  const order = elementsInOrder(lists);
  const from = order.findIndex((element) => element.id === id);
  if (from < 0) return lists;
  const [moved] = order.splice(from, 1) as [SketchElement];
  const to =
    move === 'top'
      ? order.length
      : move === 'bottom'
        ? 0
        : move === 'up'
          ? Math.min(order.length, from + 1)
          : Math.max(0, from - 1);
  order.splice(to, 0, moved);
  const zOf = new Map(order.map((element, index) => [element.id, index]));
  const next = { ...lists };
  for (const key of SKETCH_LIST_KEYS)
    (next[key] as SketchElement[]) = (lists[key] as SketchElement[]).map((element) => ({
      ...element,
      z: zOf.get(element.id) ?? 0,
    }));
  return next;
}

/** The highest z in use plus one: where a new element goes. */
export function nextZ(lists: SketchLists): number {
  const order = elementsInOrder(lists);
  const last = order[order.length - 1];
  if (!last) return 0;
  return Math.max(order.length, (last.z ?? order.length - 1) + 1);
}

/** The lists with one element replaced (same id) or removed. */
export function replaceElement(lists: SketchLists, element: SketchElement): SketchLists {
  const key = listOf(element.tool);
  return {
    ...lists,
    [key]: (lists[key] as SketchElement[]).map((existing) =>
      existing.id === element.id ? element : existing,
    ),
  };
}
export function removeElements(lists: SketchLists, ids: ReadonlySet<string>): SketchLists {
  const next = { ...lists };
  for (const key of SKETCH_LIST_KEYS)
    (next[key] as SketchElement[]) = (lists[key] as SketchElement[]).filter(
      (element) => !ids.has(element.id),
    );
  return next;
}
export function addElement(lists: SketchLists, element: SketchElement): SketchLists {
  const key = listOf(element.tool);
  return { ...lists, [key]: [...(lists[key] as SketchElement[]), element] };
}
