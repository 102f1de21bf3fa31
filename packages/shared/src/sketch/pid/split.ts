// An inline symbol (a valve, a reducer, an instrument) dropped on a pipeline splits it (issue 37 §1): the
// symbol is turned to lie along the leg it was dropped on, its inlet and outlet put on the line, and the
// pipeline becomes two, the first ending at the inlet and the second starting at the outlet, both keeping
// the line's data. The inlet faces upstream (the line's start, or its end when the flow is reversed).
import { symbolPorts, type SymbolPort } from '../../symbols/ports.ts';
import type { SymbolImage } from '../schema.ts';
import type { PipelineElement } from '../pidSchema.ts';
import { itemPointToDrawing, type Point } from './ports.ts';
import { polylineLength, projectOnSegment, toFlat, toPoints } from './routing.ts';

/** The two ports a symbol sits in a line by: W and E, else N and S; none when it has neither pair. */
export function inlinePorts(ports: readonly SymbolPort[]): [SymbolPort, SymbolPort] | null {
  for (const [a, b] of [
    ['W', 'E'],
    ['N', 'S'],
  ] as const) {
    const first = ports.find((port) => port.id === a);
    const second = ports.find((port) => port.id === b);
    if (first && second) return [first, second];
  }
  return null;
}

export interface SegmentHit {
  line: PipelineElement;
  /** the leg: from point index to index + 1 */
  index: number;
  at: Point;
  distance: number;
}

/** The pipeline leg nearest a point, within `tolerance` drawing units; null when none is that near. */
export function nearestPipelineLeg(
  lines: readonly PipelineElement[],
  point: Point,
  tolerance: number,
): SegmentHit | null {
  let best: SegmentHit | null = null;
  for (const line of lines) {
    const points = toPoints(line.points);
    for (let index = 0; index + 1 < points.length; index++) {
      const hit = projectOnSegment(points[index]!, points[index + 1]!, point);
      if (hit.distance <= tolerance && (!best || hit.distance < best.distance))
        best = { line, index, at: hit.at, distance: hit.distance };
    }
  }
  return best;
}

export interface SplitResult {
  /** the symbol, turned and moved to sit in the line */
  item: SymbolImage;
  /** the line up to the inlet (the original id) and from the outlet on (the new id) */
  pipelines: [PipelineElement, PipelineElement];
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Splits `line` at `at` on its leg `index` with `item` (its size and picture set; position and rotation
 * are worked out). Null when the symbol has no inline ports or the leg is too short to hold it.
 */
export function splitPipeline(
  line: PipelineElement,
  index: number,
  at: Point,
  item: SymbolImage,
  newLineId: string,
  ports: readonly SymbolPort[] = symbolPorts(item.src),
): SplitResult | null {
  const pair = inlinePorts(ports);
  const points = toPoints(line.points);
  const from = points[index];
  const to = points[index + 1];
  if (!pair || !from || !to) return null;
  const reversed = line.line.flow === 'reverse';
  // the port that faces the line's start side, and the one that faces its end side
  const [upstream, downstream] = reversed ? [pair[1], pair[0]] : pair;
  const sx = item.scaleX ?? 1;
  const sy = item.scaleY ?? 1;
  const local = (port: SymbolPort): Point => ({
    x: port.x * item.width * sx,
    y: port.y * item.height * sy,
  });
  const a = local(upstream);
  const b = local(downstream);
  const span = Math.hypot(b.x - a.x, b.y - a.y);
  const legLength = polylineLength([from, to]);
  if (span <= 0 || legLength < span) return null;
  // turn the symbol so upstream → downstream runs along the leg (in quarter turns)
  const legAngle = Math.atan2(to.y - from.y, to.x - from.x);
  const portAngle = Math.atan2(b.y - a.y, b.x - a.x);
  const rotation = (((Math.round(((legAngle - portAngle) * 180) / Math.PI / 90) * 90) % 360) + 360) % 360;
  // keep the whole symbol on the leg: its middle at least half its span from either end
  const direction = { x: (to.x - from.x) / legLength, y: (to.y - from.y) / legLength };
  const along = Math.min(
    legLength - span / 2,
    Math.max(span / 2, (at.x - from.x) * direction.x + (at.y - from.y) * direction.y),
  );
  const middle = { x: from.x + direction.x * along, y: from.y + direction.y * along };
  const cos = Math.cos(rad(rotation));
  const sin = Math.sin(rad(rotation));
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const placed: SymbolImage = {
    ...item,
    rotation,
    x: middle.x - (mid.x * cos - mid.y * sin),
    y: middle.y - (mid.x * sin + mid.y * cos),
  };
  const unscaled = (port: SymbolPort) => ({ x: port.x * item.width, y: port.y * item.height });
  const inlet = itemPointToDrawing(placed, unscaled(upstream));
  const outlet = itemPointToDrawing(placed, unscaled(downstream));
  const first: PipelineElement = {
    ...line,
    points: toFlat([...points.slice(0, index + 1), inlet]),
    end: { itemId: item.id, portId: upstream.id },
  };
  const second: PipelineElement = {
    ...line,
    id: newLineId,
    points: toFlat([outlet, ...points.slice(index + 1)]),
    start: { itemId: item.id, portId: downstream.id },
  };
  return { item: placed, pipelines: [first, second] };
}
