// Where a placed symbol's ports are on the drawing (issue 37 §1). A symbol is drawn as a Konva image: its
// picture fills width × height from its x, y, scaled by scaleX, scaleY and turned by rotation (degrees,
// clockwise on screen) about x, y. A port is a point of the picture, so it moves and turns with it.
import { symbolPorts, type PortDirection, type SymbolPort } from '../../symbols/ports.ts';
import type { SymbolImage } from '../schema.ts';

export interface Point {
  x: number;
  y: number;
}

/** A port on the drawing: where it is and the side a line leaves it by, after the symbol's turn. */
export interface PlacedPort extends Point {
  itemId: string;
  portId: string;
  dir: PortDirection;
}

/** What placing needs of a symbol element. */
export type PlacedItem = Pick<
  SymbolImage,
  'id' | 'src' | 'x' | 'y' | 'width' | 'height' | 'rotation' | 'scaleX' | 'scaleY'
>;

const VECTORS: Record<PortDirection, Point> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
};

/** The axis direction nearest a vector. */
export function directionOf(vector: Point): PortDirection {
  if (Math.abs(vector.x) >= Math.abs(vector.y)) return vector.x < 0 ? 'left' : 'right';
  return vector.y < 0 ? 'up' : 'down';
}

export const directionVector = (dir: PortDirection): Point => VECTORS[dir];

/** A point of the symbol's own picture (pixels from its top-left) on the drawing. */
export function itemPointToDrawing(item: PlacedItem, local: Point): Point {
  const angle = ((item.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const px = local.x * (item.scaleX ?? 1);
  const py = local.y * (item.scaleY ?? 1);
  return { x: item.x + px * cos - py * sin, y: item.y + px * sin + py * cos };
}

/** A direction of the symbol's own picture on the drawing (mirrored by a negative scale, then turned). */
export function itemDirectionToDrawing(item: PlacedItem, dir: PortDirection): PortDirection {
  const vector = VECTORS[dir];
  const angle = ((item.rotation ?? 0) * Math.PI) / 180;
  const vx = vector.x * Math.sign(item.scaleX || 1);
  const vy = vector.y * Math.sign(item.scaleY || 1);
  return directionOf({
    x: vx * Math.cos(angle) - vy * Math.sin(angle),
    y: vx * Math.sin(angle) + vy * Math.cos(angle),
  });
}

/** One catalogue port of a placed symbol on the drawing. */
export function placePort(item: PlacedItem, port: SymbolPort): PlacedPort {
  const at = itemPointToDrawing(item, { x: port.x * item.width, y: port.y * item.height });
  return { itemId: item.id, portId: port.id, x: at.x, y: at.y, dir: itemDirectionToDrawing(item, port.dir) };
}

/** Every port of a placed symbol on the drawing (ports from the catalogue unless given). */
export function placedPorts(
  item: PlacedItem,
  ports: readonly SymbolPort[] = symbolPorts(item.src),
): PlacedPort[] {
  return ports.map((port) => placePort(item, port));
}

/** One port of a placed symbol, or undefined when the symbol has no such port. */
export function placedPort(
  item: PlacedItem,
  portId: string,
  ports: readonly SymbolPort[] = symbolPorts(item.src),
): PlacedPort | undefined {
  const port = ports.find((candidate) => candidate.id === portId);
  return port ? placePort(item, port) : undefined;
}

/** The centre of a placed symbol on the drawing. */
export function itemCentre(item: PlacedItem): Point {
  return itemPointToDrawing(item, { x: item.width / 2, y: item.height / 2 });
}

/** The axis-aligned box a placed symbol covers on the drawing. */
export function itemBox(item: PlacedItem): { x: number; y: number; width: number; height: number } {
  const corners = [
    { x: 0, y: 0 },
    { x: item.width, y: 0 },
    { x: 0, y: item.height },
    { x: item.width, y: item.height },
  ].map((corner) => itemPointToDrawing(item, corner));
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
