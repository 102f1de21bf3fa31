import { describe, expect, it } from 'vitest';
import type { SymbolPort } from '../../symbols/ports.ts';
import { SketchListsSchema, emptySketchLists, type SketchLists, type SymbolImage } from '../schema.ts';
import type { PipelineElement } from '../pidSchema.ts';
import { followAttachments } from './attachment.ts';
import { placedPorts, itemCentre } from './ports.ts';
import {
  isOrthogonal,
  moveFirstPoint,
  orthogonalRoute,
  projectOrthogonal,
  simplifyPoints,
  toFlat,
  toPoints,
} from './routing.ts';
import { alignToNeighbours, nearestPort, snapToGrid } from './snap.ts';
import { nearestPipelineLeg, splitPipeline } from './split.ts';
import { flowArrows, offsetPolyline } from './styles.ts';

const PUMP = '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg';
const VALVE = '/symbols/valves/gate-valve.svg';
const TANK = '/symbols/tanks-vessels/container-tank-cistern.svg';
// ports as the catalogue data gives them, fixed here so the tests do not follow hand edits of the file
const PORTS: Record<string, SymbolPort[]> = {
  [PUMP]: [
    { id: 'W', x: 0, y: 0.5, dir: 'left' },
    { id: 'E', x: 1, y: 0.15, dir: 'right' },
  ],
  [VALVE]: [
    { id: 'W', x: 0, y: 0.5, dir: 'left' },
    { id: 'E', x: 1, y: 0.5, dir: 'right' },
  ],
  [TANK]: [
    { id: 'W', x: 0, y: 0.5, dir: 'left' },
    { id: 'N', x: 0.5, y: 0, dir: 'up' },
  ],
};
const portsOf = (src: string) => PORTS[src] ?? [];

const symbol = (
  id: string,
  src: string,
  x: number,
  y: number,
  extra: Partial<SymbolImage> = {},
): SymbolImage => ({
  id,
  tool: 'image',
  src,
  pidItem: '',
  x,
  y,
  width: 80,
  height: 40,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  ...extra,
});

const pipe = (id: string, points: number[], extra: Partial<PipelineElement> = {}): PipelineElement =>
  SketchListsSchema.shape.Pipelines.parse([{ id, tool: 'pipeline', points, ...extra }])[0]!;

describe('ports on the drawing', () => {
  it('move, turn and mirror with the symbol', () => {
    const pump = symbol('p', PUMP, 100, 200);
    expect(placedPorts(pump, PORTS[PUMP])).toEqual([
      { itemId: 'p', portId: 'W', x: 100, y: 220, dir: 'left' },
      { itemId: 'p', portId: 'E', x: 180, y: 206, dir: 'right' },
    ]);
    // a quarter turn clockwise about x, y: right becomes down
    const turned = placedPorts({ ...pump, rotation: 90 }, PORTS[PUMP]);
    expect(turned[1]).toMatchObject({ x: 100 - 6, dir: 'down' });
    expect(turned[1]!.y).toBeCloseTo(280);
    // mirrored: the outlet faces left
    expect(placedPorts({ ...pump, scaleX: -1 }, PORTS[PUMP])[1]).toMatchObject({ x: 20, dir: 'left' });
    expect(itemCentre(pump)).toEqual({ x: 140, y: 220 });
  });
});

describe('orthogonal routing', () => {
  it('runs straight when the ends line up, else bends at 90°', () => {
    expect(orthogonalRoute({ x: 0, y: 0 }, { x: 100, y: 0 })).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ]);
    // leaving a right-facing port horizontally, arriving at a top port vertically: one bend
    expect(orthogonalRoute({ x: 0, y: 0 }, { x: 100, y: 60 }, { fromDir: 'right', toDir: 'up' })).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 60 },
    ]);
    // both ports horizontal: two bends halfway
    expect(orthogonalRoute({ x: 0, y: 0 }, { x: 100, y: 60 }, { fromDir: 'right', toDir: 'left' })).toEqual([
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: 50, y: 60 },
      { x: 100, y: 60 },
    ]);
    const route = orthogonalRoute({ x: 3, y: 7 }, { x: -40, y: 90 });
    route.slice(1).forEach((point, i) => expect(isOrthogonal(route[i]!, point)).toBe(true));
  });

  it('puts a clicked bend on the nearer axis and drops repeated and straight-through points', () => {
    expect(projectOrthogonal({ x: 0, y: 0 }, { x: 50, y: 8 })).toEqual({ x: 50, y: 0 });
    expect(projectOrthogonal({ x: 0, y: 0 }, { x: 5, y: -80 })).toEqual({ x: 0, y: -80 });
    expect(
      simplifyPoints([
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { x: 50, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 40 },
      ]),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 40 },
    ]);
  });

  it('moves the first bend with a moved end so the legs stay orthogonal', () => {
    const points = toPoints([0, 0, 100, 0, 100, 80, 200, 80]);
    expect(toFlat(moveFirstPoint(points, { x: 0, y: -30 }, 'right'))).toEqual([
      0, -30, 100, -30, 100, 80, 200, 80,
    ]);
    // a straight two-point line gains a bend
    const bent = moveFirstPoint(toPoints([0, 0, 100, 0]), { x: 0, y: 30 }, 'right');
    expect(toFlat(bent)).toEqual([0, 30, 100, 30, 100, 0]);
    // …two bends when the other end's port faces along the same axis
    const twice = moveFirstPoint(toPoints([0, 0, 100, 0]), { x: 0, y: 30 }, 'right', 'left');
    expect(toFlat(twice)).toEqual([0, 30, 50, 30, 50, 0, 100, 0]);
    bent.slice(1).forEach((point, i) => expect(isOrthogonal(bent[i]!, point)).toBe(true));
    expect(bent[0]).toEqual({ x: 0, y: 30 });
    expect(bent[bent.length - 1]).toEqual({ x: 100, y: 0 });
  });
});

describe('lines fastened to symbols', () => {
  const lists = (): SketchLists => {
    const base = emptySketchLists();
    base.Images = [symbol('pump', PUMP, 0, 0), symbol('tank', TANK, 300, 100)];
    // pump outlet (80, 6) → tank inlet (300, 120)
    base.Pipelines = [
      pipe('l1', [80, 6, 190, 6, 190, 120, 300, 120], {
        start: { itemId: 'pump', portId: 'E' },
        end: { itemId: 'tank', portId: 'W' },
      }),
    ];
    return base;
  };

  it('follow a moved symbol, the line staying orthogonal', () => {
    const before = lists();
    const moved = { ...before, Images: [symbol('pump', PUMP, -20, 50), before.Images[1]!] };
    const after = followAttachments(moved, new Set(['pump']), portsOf);
    const points = toPoints(after.Pipelines[0]!.points);
    expect(points[0]).toEqual({ x: 60, y: 56 });
    expect(points[points.length - 1]).toEqual({ x: 300, y: 120 });
    points.slice(1).forEach((point, i) => expect(isOrthogonal(points[i]!, point)).toBe(true));
    expect(after.Pipelines[0]!.start).toEqual({ itemId: 'pump', portId: 'E' });
  });

  it('follow a turned symbol', () => {
    const before = lists();
    const turned = {
      ...before,
      Images: [before.Images[0]!, symbol('tank', TANK, 300, 100, { rotation: 90 })],
    };
    const after = followAttachments(turned, undefined, portsOf);
    const points = toPoints(after.Pipelines[0]!.points);
    // the tank's W port turned a quarter: now at (300 - 20, 100), facing up
    expect(points[points.length - 1]!.x).toBeCloseTo(280);
    expect(points[points.length - 1]!.y).toBeCloseTo(100);
  });

  it('let go of a deleted symbol, leaving a free (dangling) end where it was', () => {
    const before = lists();
    const after = followAttachments({ ...before, Images: [before.Images[0]!] }, undefined, portsOf);
    expect(after.Pipelines[0]!.end).toBeNull();
    expect(after.Pipelines[0]!.points).toEqual(before.Pipelines[0]!.points);
    expect(after.Pipelines[0]!.start).toEqual({ itemId: 'pump', portId: 'E' });
  });

  it('leave lines alone when nothing they are fastened to changed', () => {
    const before = lists();
    expect(followAttachments(before, new Set(['other']), portsOf)).toBe(before);
    expect(followAttachments(before, undefined, portsOf)).toBe(before);
  });
});

describe('an inline symbol dropped on a pipeline', () => {
  const line = pipe('l1', [0, 100, 400, 100, 400, 300], {
    start: { itemId: 'pump', portId: 'E' },
    end: { itemId: 'tank', portId: 'N' },
    line: {
      lineNumber: '150-WW-101',
      fluidCode: 'WW',
      nominalSize: 'DN150',
      flow: 'forward',
    } as PipelineElement['line'],
  });

  it('finds the leg under the drop', () => {
    expect(nearestPipelineLeg([line], { x: 150, y: 108 }, 10)).toMatchObject({
      index: 0,
      at: { x: 150, y: 100 },
    });
    expect(nearestPipelineLeg([line], { x: 150, y: 130 }, 10)).toBeNull();
  });

  it('splits it into two fastened segments keeping the line data', () => {
    const valve = symbol('v', VALVE, 0, 0);
    const split = splitPipeline(line, 0, { x: 150, y: 103 }, valve, 'l2', PORTS[VALVE]);
    expect(split).not.toBeNull();
    const { item, pipelines } = split!;
    // the valve lies along the leg, centred at the drop point
    expect(item).toMatchObject({ rotation: 0, x: 110, y: 80 });
    expect(pipelines[0]).toMatchObject({
      id: 'l1',
      points: [0, 100, 110, 100],
      start: { itemId: 'pump', portId: 'E' },
      end: { itemId: 'v', portId: 'W' },
    });
    expect(pipelines[1]).toMatchObject({
      id: 'l2',
      points: [190, 100, 400, 100, 400, 300],
      start: { itemId: 'v', portId: 'E' },
      end: { itemId: 'tank', portId: 'N' },
    });
    expect(pipelines[1].line).toEqual(line.line);
  });

  it('turns the symbol to a vertical leg and faces its inlet upstream', () => {
    const split = splitPipeline(line, 1, { x: 398, y: 200 }, symbol('v', VALVE, 0, 0), 'l2', PORTS[VALVE]);
    expect(split!.item.rotation).toBe(90);
    const [first, second] = split!.pipelines;
    expect(first.points.slice(-2)).toEqual([400, 160]);
    expect(second.points.slice(0, 2)).toEqual([400, 240]);
    const reversed = splitPipeline(
      { ...line, line: { ...line.line, flow: 'reverse' } },
      0,
      { x: 150, y: 100 },
      symbol('v', VALVE, 0, 0),
      'l2',
      PORTS[VALVE],
    );
    expect(reversed!.item.rotation).toBe(180);
    expect(reversed!.pipelines[0].end).toEqual({ itemId: 'v', portId: 'E' });
  });

  it('does not split a leg too short to hold the symbol, nor with a symbol that has no inline ports', () => {
    const short = pipe('s', [0, 0, 50, 0]);
    expect(splitPipeline(short, 0, { x: 25, y: 0 }, symbol('v', VALVE, 0, 0), 'x', PORTS[VALVE])).toBeNull();
    expect(splitPipeline(line, 0, { x: 150, y: 100 }, symbol('t', TANK, 0, 0), 'x', PORTS[TANK])).toBeNull();
  });
});

describe('snapping', () => {
  it('to the grid, to the nearest port within reach, and to neighbours lining up', () => {
    expect(snapToGrid({ x: 27, y: -12 }, 20)).toEqual({ x: 20, y: -20 });
    const ports = placedPorts(symbol('p', PUMP, 0, 0), PORTS[PUMP]);
    expect(nearestPort(ports, { x: 84, y: 8 }, 10)?.portId).toBe('E');
    expect(nearestPort(ports, { x: 40, y: 40 }, 10)).toBeNull();
    const aligned = alignToNeighbours(
      { x: 103, y: 0, width: 40, height: 40 },
      [{ x: 0, y: 200, width: 246, height: 40 }],
      6,
    );
    // the moving box's centre (123) meets the other's centre (123)
    expect(aligned.dx).toBe(0);
    const near = alignToNeighbours(
      { x: 100, y: 0, width: 40, height: 40 },
      [{ x: 0, y: 200, width: 246, height: 40 }],
      6,
    );
    expect(near.dx).toBe(3);
    expect(near.guides).toEqual([{ x1: 123, y1: 0, x2: 123, y2: 240 }]);
  });
});

describe('line drawing helpers', () => {
  it('put flow arrows on long legs, pointing downstream', () => {
    const [head] = flowArrows([0, 0, 100, 0], 'forward');
    expect(head![0]).toBeGreaterThan(50);
    const [back] = flowArrows([0, 0, 100, 0], 'reverse');
    expect(back![0]).toBeLessThan(50);
    expect(flowArrows([0, 0, 100, 0], 'none')).toEqual([]);
    expect(flowArrows([0, 0, 20, 0], 'forward')).toEqual([]);
  });

  it('offset a polyline with mitred corners', () => {
    expect(offsetPolyline([0, 0, 100, 0, 100, 100], 5)).toEqual([0, -5, 105, -5, 105, 100]);
  });
});
