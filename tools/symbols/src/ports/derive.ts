// A symbol's ports worked out from its drawing (issue 37 §1). Where the drawing touches the sides of its
// bounding box is where pipes meet it: the ends of a valve body, a pump's suction eye and discharge stub, a
// tank's walls. Per side the touching parts are gathered into runs; a short run is a nozzle (a port at its
// middle), a long one a wall (a port at its middle only for vessels). Inline symbols (valves, fittings,
// inline instruments) get the ports where their body meets the left and right sides; instrument bubbles
// the four points of their circle. The Equinor symbols carry connectors, which are used as they are.
import type { PidRole } from '../../../../packages/shared/src/sketch/pid/classes.ts';
import type { PortDirection, SymbolPort } from '../../../../packages/shared/src/symbols/ports.ts';
import type { Point, SymbolOutline } from './outline.ts';

type Side = 'W' | 'E' | 'N' | 'S';
const SIDE_DIRECTION: Record<Side, PortDirection> = { W: 'left', E: 'right', N: 'up', S: 'down' };

/** A run where the drawing lies along a side, as positions along it (y for W and E, x for N and S). */
interface Run {
  from: number;
  to: number;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Groups whose long wall contacts are nozzles too (a tank's side, an exchanger's shell). */
const VESSEL_GROUPS = new Set(['Tanks/Vessels', 'Heat Exchangers', 'Packaged Equipment', 'Grit Handling']);

/** A run shorter than this share of its side is a nozzle; longer, a wall. */
const NOZZLE_SHARE = 0.45;
/** Runs closer than this share of the side are one (a pump's suction eye is drawn as a gap between arcs). */
const JOIN_SHARE = 0.2;

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

function boxOf(polylines: Point[][]): Box | null {
  let box: Box | null = null;
  for (const line of polylines)
    for (const [x, y] of line) {
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      box = box
        ? {
            minX: Math.min(box.minX, x),
            minY: Math.min(box.minY, y),
            maxX: Math.max(box.maxX, x),
            maxY: Math.max(box.maxY, y),
          }
        : { minX: x, minY: y, maxX: x, maxY: y };
    }
  return box;
}

/** The runs of the drawing along one side of the box, merged, longest first. */
function runsAlong(polylines: Point[][], box: Box, side: Side): Run[] {
  const vertical = side === 'W' || side === 'E';
  const level = side === 'W' ? box.minX : side === 'E' ? box.maxX : side === 'N' ? box.minY : box.maxY;
  const length = vertical ? box.maxY - box.minY : box.maxX - box.minX;
  const across = vertical ? box.maxX - box.minX : box.maxY - box.minY;
  const eps = Math.max(0.6, 0.025 * Math.max(length, across));
  const near = ([x, y]: Point) => Math.abs((vertical ? x : y) - level) <= eps;
  const along = ([x, y]: Point) => (vertical ? y : x);
  const runs: Run[] = [];
  for (const line of polylines)
    for (let i = 0; i < line.length; i++) {
      const point = line[i]!;
      if (!near(point)) continue;
      const previous = line[i - 1];
      if (previous && near(previous))
        runs.push({
          from: Math.min(along(previous), along(point)),
          to: Math.max(along(previous), along(point)),
        });
      else runs.push({ from: along(point), to: along(point) });
    }
  runs.sort((a, b) => a.from - b.from);
  const merged: Run[] = [];
  const join = JOIN_SHARE * length;
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && run.from <= last.to + join) last.to = Math.max(last.to, run.to);
    else merged.push({ ...run });
  }
  return merged.sort((a, b) => b.to - b.from - (a.to - a.from));
}

/** A port on a side at a position along it, as fractions of the view box. */
function portAt(outline: SymbolOutline, box: Box, side: Side, along: number, id: string): SymbolPort {
  const { viewBox } = outline;
  const x = side === 'W' ? box.minX : side === 'E' ? box.maxX : along;
  const y = side === 'N' ? box.minY : side === 'S' ? box.maxY : along;
  return {
    id,
    x: round((x - viewBox.x) / viewBox.width),
    y: round((y - viewBox.y) / viewBox.height),
    dir: SIDE_DIRECTION[side],
  };
}

/** The side a connector's angle points to (0 up, 90 right, 180 down, 270 left). */
function sideOfAngle(angle: number): Side {
  const a = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  return a === 0 ? 'N' : a === 90 ? 'E' : a === 180 ? 'S' : 'W';
}

/** Ids by side: the first on a side is its letter, the next 'W2', 'W3' … */
function named(ports: Array<Omit<SymbolPort, 'id'> & { side: Side }>): SymbolPort[] {
  const count = new Map<Side, number>();
  return ports.map(({ side, ...port }) => {
    const n = (count.get(side) ?? 0) + 1;
    count.set(side, n);
    return { id: n === 1 ? side : `${side}${n}`, ...port };
  });
}

/** Ports from the connectors an Equinor symbol carries. */
export function portsFromConnectors(outline: SymbolOutline): SymbolPort[] {
  const { viewBox } = outline;
  return named(
    outline.connectors.map((connector) => {
      const side = sideOfAngle(connector.angle);
      return {
        side,
        x: round((connector.x - viewBox.x) / viewBox.width),
        y: round((connector.y - viewBox.y) / viewBox.height),
        dir: SIDE_DIRECTION[side],
      };
    }),
  );
}

/** The largest circle or ellipse, when it fills most of the drawing: an instrument bubble. */
function bubbleOf(outline: SymbolOutline, box: Box) {
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  return outline.ellipses
    .filter((e) => e.rx * 2 >= 0.6 * width && e.ry * 2 >= 0.6 * height)
    .sort((a, b) => b.rx * b.ry - a.rx * a.ry)[0];
}

/** The middle of a side's main run, else of the side. */
function middleOf(runs: Run[], box: Box, side: Side): number {
  const run = runs[0];
  if (run) return (run.from + run.to) / 2;
  return side === 'W' || side === 'E' ? (box.minY + box.maxY) / 2 : (box.minX + box.maxX) / 2;
}

/** Groups of pictures that no pipe meets: vehicles and the scheme status boxes. */
const UNCONNECTED_GROUPS = new Set(['Vehicles', 'P Scheme Green Boxes']);

/** Ports at the middle of the left and right sides of the view box. */
const endsOfViewBox = (): SymbolPort[] => [
  { id: 'W', x: 0, y: 0.5, dir: 'left' },
  { id: 'E', x: 1, y: 0.5, dir: 'right' },
];

/** A symbol's ports from its drawing, for its library group. */
export function derivePorts(outline: SymbolOutline, role: PidRole, group: string): SymbolPort[] {
  if (UNCONNECTED_GROUPS.has(group)) return [];
  if (outline.connectors.length > 0) return portsFromConnectors(outline);
  const box = boxOf(outline.polylines);
  // a line's picture, or a drawing with no width or height (a flange drawn as one stroke)
  if (role === 'line' || !box || box.maxX - box.minX <= 0.5 || box.maxY - box.minY <= 0.5)
    return endsOfViewBox();
  const sides: Side[] = ['W', 'E', 'N', 'S'];
  const runs = Object.fromEntries(
    sides.map((side) => [side, runsAlong(outline.polylines, box, side)]),
  ) as Record<Side, Run[]>;
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;

  if (role === 'instrument') {
    const bubble = bubbleOf(outline, box);
    if (bubble) {
      const { viewBox } = outline;
      const at = (x: number, y: number, side: Side) => ({
        side,
        x: round((x - viewBox.x) / viewBox.width),
        y: round((y - viewBox.y) / viewBox.height),
        dir: SIDE_DIRECTION[side],
      });
      return named([
        at(bubble.cx - bubble.rx, bubble.cy, 'W'),
        at(bubble.cx + bubble.rx, bubble.cy, 'E'),
        at(bubble.cx, bubble.cy - bubble.ry, 'N'),
        at(bubble.cx, bubble.cy + bubble.ry, 'S'),
      ]);
    }
  }

  if (role === 'valve' || role === 'fitting' || role === 'instrument') {
    // a tall, narrow valve (a bleeder, a relief valve) stands in a vertical line; a tall fitting is a
    // flange or disc across a horizontal one
    const upright = height > 1.6 * width && role === 'valve';
    const pair: [Side, Side] = upright ? ['N', 'S'] : ['W', 'E'];
    const inline = [
      portAt(outline, box, pair[0], middleOf(runs[pair[0]], box, pair[0]), pair[0]),
      portAt(outline, box, pair[1], middleOf(runs[pair[1]], box, pair[1]), pair[1]),
    ];
    // an inline instrument (a flow element, an orifice plate) sends its signal from its top
    if (role === 'instrument') inline.push(portAt(outline, box, 'N', (box.minX + box.maxX) / 2, 'N'));
    return inline;
  }

  // equipment and the rest: a port per nozzle, and per wall for vessels
  const vessel = VESSEL_GROUPS.has(group);
  const ports: Array<Omit<SymbolPort, 'id'> & { side: Side }> = [];
  for (const side of sides) {
    const length = side === 'W' || side === 'E' ? height : width;
    const start = side === 'W' || side === 'E' ? box.minY : box.minX;
    // a contact only at a corner belongs to the other side's wall
    const inner = runs[side].filter(
      (run) =>
        run.to - run.from > 0.02 * length ||
        (run.from > start + 0.08 * length && run.to < start + 0.92 * length),
    );
    const nozzles = inner.filter((run) => run.to - run.from < NOZZLE_SHARE * length).slice(0, 2);
    const walls = inner.filter((run) => run.to - run.from >= NOZZLE_SHARE * length);
    const chosen = nozzles.length > 0 ? nozzles : vessel ? walls.slice(0, 1) : [];
    for (const run of chosen) {
      const { id: _id, ...port } = portAt(outline, box, side, (run.from + run.to) / 2, side);
      ports.push({ side, ...port });
    }
  }
  // a vessel open at the top still takes a line from above
  if (vessel && !ports.some((port) => port.side === 'N')) {
    const { id: _id, ...port } = portAt(outline, box, 'N', (box.minX + box.maxX) / 2, 'N');
    ports.push({ side: 'N', ...port });
  }
  for (const side of ['W', 'E'] as const)
    if (ports.length < 2 && !ports.some((port) => port.side === side)) {
      const { id: _id, ...port } = portAt(outline, box, side, middleOf(runs[side], box, side), side);
      ports.push({ side, ...port });
    }
  return named(ports.sort((a, b) => sides.indexOf(a.side) - sides.indexOf(b.side)));
}
