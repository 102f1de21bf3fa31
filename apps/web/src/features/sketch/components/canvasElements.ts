// Between the sketch's elements and their Konva nodes: what a node shows after a drag or transform, and
// the canvas's contents in words (read by the end-to-end tests: a canvas has no DOM to inspect).
import type Konva from 'konva';
import { bakeScale, type SketchElement } from '@penstock/shared';

/** The element a Konva node now shows, after a drag or a transform (rect and circle scale baked in). */
export function fromNode(element: SketchElement, node: Konva.Node): SketchElement {
  const moved = {
    ...element,
    x: node.x(),
    y: node.y(),
    rotation: node.rotation(),
    scaleX: node.scaleX(),
    scaleY: node.scaleY(),
  };
  if (moved.tool !== 'rect' && moved.tool !== 'circle') return moved;
  const baked = bakeScale(moved);
  node.scaleX(1);
  node.scaleY(1);
  return baked;
}

const round = (value: number) => Math.round(value);
/** One element in words: kind, position, points or size, text. */
export function describeElement(element: SketchElement): string {
  let detail = '';
  if ('points' in element) detail = `:${element.points.map(round).join(',')}`;
  else if (element.tool === 'circle') detail = `:r${round(element.radius)}`;
  else if ('width' in element) detail = `:${round(element.width)}x${round(element.height)}`;
  if (element.tool === 'text') detail += `=${element.text}`;
  if (element.tool === 'image') detail += `=${element.pidItem}${element.tag ? `#${element.tag}` : ''}`;
  if (element.tool === 'pipeline' || element.tool === 'signal') {
    const end = (ref: { itemId: string; portId: string } | null) =>
      ref ? `${ref.itemId}.${ref.portId}` : '-';
    detail += `>${end(element.start)}>${end(element.end)}`;
  }
  return `${element.tool}@${round(element.x)},${round(element.y)}${detail}`;
}
