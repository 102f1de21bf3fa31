// Where things are in the file: drawing units as millimetres, the y axis turned up, and the origin at the
// drawing's bottom-left corner (with a margin), kept in the file so that reading it back puts every item
// where it was.
import { directionVector, itemBox, type PortDirection, type SketchLists } from '@penstock/shared';
import { el, num, type XmlElement } from './xml.ts';

type Drawn = Pick<SketchLists, 'Images' | 'Pipelines' | 'SignalLines'>;

export const MARGIN = 40;
export const ORIGIN = 'PenstockOrigin';

export interface Frame {
  originX: number;
  originY: number;
}
export const toX = (frame: Frame, x: number) => x - frame.originX;
export const toY = (frame: Frame, y: number) => frame.originY - y;

export function position(frame: Frame, at: { x: number; y: number }, rotation = 0) {
  const angle = (rotation * Math.PI) / 180;
  return el('Position', {}, [
    el('Location', { X: toX(frame, at.x), Y: toY(frame, at.y), Z: 0 }),
    el('Axis', { X: 0, Y: 0, Z: 1 }),
    el('Reference', { X: Math.cos(angle), Y: -Math.sin(angle), Z: 0 }),
  ]);
}

export function extent(frame: Frame, box: { x: number; y: number; width: number; height: number }) {
  return el('Extent', {}, [
    el('Min', { X: toX(frame, box.x), Y: toY(frame, box.y + box.height) }),
    el('Max', { X: toX(frame, box.x + box.width), Y: toY(frame, box.y) }),
  ]);
}

export function centerLine(frame: Frame, points: readonly number[]) {
  const coordinates: XmlElement[] = [];
  for (let i = 0; i + 1 < points.length; i += 2)
    coordinates.push(el('Coordinate', { X: toX(frame, points[i]!), Y: toY(frame, points[i + 1]!) }));
  return el('CenterLine', { NumPoints: coordinates.length }, coordinates);
}

export function drawingFrame(lists: Drawn): Frame {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const image of lists.Images) {
    const box = itemBox(image);
    xs.push(box.x, box.x + box.width);
    ys.push(box.y, box.y + box.height);
  }
  for (const line of [...lists.Pipelines, ...lists.SignalLines])
    line.points.forEach((value, index) => (index % 2 === 0 ? xs : ys).push(value));
  if (xs.length === 0) return { originX: 0, originY: 0 };
  return { originX: Math.min(...xs) - MARGIN, originY: Math.max(...ys) + MARGIN };
}

/** The screen angle (degrees, clockwise) of a port's direction, for its node's Reference. */
export function directionAngle(dir: PortDirection): number {
  const vector = directionVector(dir);
  return (Math.atan2(vector.y, vector.x) * 180) / Math.PI;
}

export function drawingExtent(frame: Frame, lists: Drawn) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const image of lists.Images) {
    const box = itemBox(image);
    xs.push(box.x + box.width);
    ys.push(box.y);
  }
  for (const line of [...lists.Pipelines, ...lists.SignalLines])
    line.points.forEach((value, index) => (index % 2 === 0 ? xs : ys).push(value));
  const maxX = xs.length ? Math.max(...xs) + MARGIN : 0;
  const minY = ys.length ? Math.min(...ys) - MARGIN : 0;
  return el('Extent', {}, [
    el('Min', { X: 0, Y: 0 }),
    el('Max', { X: num(toX(frame, maxX)), Y: num(toY(frame, minY)) }),
  ]);
}
