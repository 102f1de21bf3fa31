import { describe, expect, it } from 'vitest';
import {
  angleAt,
  chooseSnap,
  distance,
  faceRegion,
  loopArea,
  perpendicular,
  principalExtent,
  type SnapCandidate,
} from './measureMath.ts';
import type { Vec3 } from './state.ts';

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });

describe('distances and angles', () => {
  it('measures point to point', () => {
    expect(distance(v(0, 0, 0), v(3, 4, 12))).toBeCloseTo(13, 12);
  });

  it("measures a point's distance along a face's normal, whatever the normal's length and side", () => {
    const floor = { base: v(5, 2, -3), normal: v(0, 10, 0) };
    const { distance: d, foot } = perpendicular(floor.base, floor.normal, v(1, 4.5, 7));
    expect(d).toBeCloseTo(2.5, 12);
    expect(foot).toEqual({ x: 1, y: 2, z: 7 });
    expect(perpendicular(floor.base, v(0, -1, 0), v(1, 4.5, 7)).distance).toBeCloseTo(2.5, 12);
    // a slanted wall: the normal (1,1,0)/√2 through the origin, the point (2,0,0)
    expect(perpendicular(v(0, 0, 0), v(1, 1, 0), v(2, 0, 0)).distance).toBeCloseTo(Math.SQRT2, 12);
  });

  it('measures the angle at the middle point', () => {
    expect(angleAt(v(1, 0, 0), v(0, 0, 0), v(0, 0, 5))).toBeCloseTo(90, 10);
    expect(angleAt(v(2, 2, 0), v(1, 1, 0), v(3, 1, 0))).toBeCloseTo(45, 10);
    expect(angleAt(v(1, 0, 0), v(0, 0, 0), v(-1, 0, 0))).toBeCloseTo(180, 10);
    expect(angleAt(v(0, 0, 0), v(0, 0, 0), v(1, 0, 0))).toBe(0);
  });
});

describe('chooseSnap', () => {
  // a camera looking down −z with 100 px per metre, the pointer at the origin's pixel
  const project = (p: Vec3) => ({ x: p.x * 100, y: -p.y * 100 });
  const face: SnapCandidate = {
    kind: 'face',
    point: v(0, 0, 0),
    distance: 10,
    model: 'urn:a',
    localId: 1,
    normal: v(0, 0, 1),
  };
  const edge = (from: Vec3, to: Vec3, at: Vec3): SnapCandidate => ({
    kind: 'edge',
    point: at,
    distance: 10,
    model: 'urn:a',
    localId: 1,
    edge: [from, to],
  });

  it('takes a vertex within the radius over the edge and the face', () => {
    const snap = chooseSnap(
      [
        face,
        edge(v(0.05, -1, 0), v(0.05, 3, 0), v(0.05, 0, 0)),
        { kind: 'vertex', point: v(0.06, 0.04, 0), distance: 10, model: 'urn:a', localId: 1 },
      ],
      { x: 0, y: 0 },
      project,
    );
    expect(snap).toMatchObject({ kind: 'vertex', point: v(0.06, 0.04, 0) });
    expect(snap!.surface).toMatchObject({ normal: v(0, 0, 1), localId: 1 });
  });

  it("snaps to an edge's midpoint when the pointer is near it, else to the edge", () => {
    const candidates = [face, edge(v(-1, 0.03, 0), v(1.1, 0.03, 0), v(0, 0.03, 0))];
    // the midpoint (0.05, 0.03) is 5.8 px from the pointer
    expect(chooseSnap(candidates, { x: 0, y: 0 }, project)).toMatchObject({
      kind: 'midpoint',
      point: { x: expect.closeTo(0.05, 12), y: 0.03, z: 0 },
      edge: [v(-1, 0.03, 0), v(1.1, 0.03, 0)],
    });
    // 30 px along the edge, the midpoint is too far: the edge
    const along = [face, edge(v(-1, 0.03, 0), v(1.1, 0.03, 0), v(0.35, 0.03, 0))];
    expect(chooseSnap(along, { x: 35, y: 0 }, project)).toMatchObject({
      kind: 'edge',
      point: v(0.35, 0.03, 0),
    });
  });

  it('prefers a vertex to a midpoint at the same place, and the nearer of the two otherwise', () => {
    const vertex = {
      kind: 'vertex' as const,
      point: v(0.02, 0, 0),
      distance: 10,
      model: 'urn:a',
      localId: 1,
    };
    const short = edge(v(-0.02, 0, 0), v(0.06, 0, 0), v(0, 0, 0)); // midpoint at 2 px, as the vertex
    expect(chooseSnap([short, vertex], { x: 0, y: 0 }, project)?.kind).toBe('vertex');
    const nearMiddle = edge(v(-0.5, 0.01, 0), v(0.5, 0.01, 0), v(0, 0.01, 0)); // midpoint at 1 px
    const farVertex = { ...vertex, point: v(0.08, 0, 0) }; // 8 px
    expect(chooseSnap([farVertex, nearMiddle], { x: 0, y: 0 }, project)?.kind).toBe('midpoint');
  });

  it('falls back to the nearest face, and answers null with nothing under the pointer', () => {
    const behind = { ...face, point: v(0, 0, -5), distance: 15, localId: 2 };
    expect(chooseSnap([behind, face], { x: 0, y: 0 }, project)).toMatchObject({ kind: 'face', localId: 1 });
    expect(chooseSnap([], { x: 0, y: 0 }, project)).toBeNull();
    // a vertex beyond the radius does not count
    const far = { kind: 'vertex' as const, point: v(0.2, 0, 0), distance: 10, model: 'urn:a', localId: 1 };
    expect(chooseSnap([far], { x: 0, y: 0 }, project)).toBeNull();
  });

  it("leaves out another model's vertex hidden behind the nearest face", () => {
    const hidden = {
      kind: 'vertex' as const,
      point: v(0.01, 0, -3),
      distance: 13,
      model: 'urn:b',
      localId: 9,
    };
    expect(chooseSnap([face, hidden], { x: 0, y: 0 }, project)?.kind).toBe('face');
    const inFront = { ...hidden, point: v(0.01, 0, 1), distance: 9 };
    expect(chooseSnap([face, inFront], { x: 0, y: 0 }, project)).toMatchObject({
      kind: 'vertex',
      model: 'urn:b',
    });
  });
});

/** Two triangles per rectangle, anticlockwise seen from +normal. */
function quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3): number[] {
  const flat = (...ps: Vec3[]) => ps.flatMap((p) => [p.x, p.y, p.z]);
  return [...flat(a, b, c), ...flat(a, c, d)];
}

describe('faceRegion', () => {
  // the top of a 12 m × 10 m slab, 0.2 m thick, at height 0.2 (Y up), split in two rectangles (6 + 6 m)
  // sharing an edge, plus its bottom and one side; and a separate coplanar rectangle not touching it
  const top1 = quad(v(0, 0.2, 0), v(0, 0.2, -10), v(6, 0.2, -10), v(6, 0.2, 0));
  const top = [
    ...quad(v(0, 0.2, 0), v(6, 0.2, 0), v(6, 0.2, -10), v(0, 0.2, -10)),
    ...quad(v(6, 0.2, 0), v(12, 0.2, 0), v(12, 0.2, -10), v(6, 0.2, -10)),
  ];
  const bottom = quad(v(0, 0, 0), v(0, 0, -10), v(12, 0, -10), v(12, 0, 0));
  const side = quad(v(0, 0, 0), v(12, 0, 0), v(12, 0.2, 0), v(0, 0.2, 0));
  const apart = quad(v(20, 0.2, 0), v(22, 0.2, 0), v(22, 0.2, -2), v(20, 0.2, -2));

  it('sums the coplanar triangles connected to the one under the point', () => {
    const region = faceRegion([...side, ...top, ...bottom, ...apart], v(3, 0.2, -5));
    expect(region!.area).toBeCloseTo(120, 9);
    expect(region!.triangles).toHaveLength(4);
    expect(region!.normal.y).toBeCloseTo(1, 12);
    // the outline is the slab's rectangle: 4 corners and the 2 ends of the shared edge
    expect(Math.abs(loopArea(region!.outline, region!.normal))).toBeCloseTo(120, 9);
    expect(region!.outline.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps faces facing the other way out (the reversed copy of a face)', () => {
    expect(faceRegion([...top, ...top1], v(3, 0.2, -5))!.area).toBeCloseTo(120, 9);
  });

  it('answers the side face for a point on it, and null off every triangle', () => {
    expect(faceRegion([...side, ...top], v(4, 0.1, 0))!.area).toBeCloseTo(2.4, 9);
    expect(faceRegion([...side, ...top], v(30, 5, 5))).toBeNull();
  });

  it('joins faces at a T-junction (a vertex on the middle of another triangle’s edge)', () => {
    // left: one 6×10 rectangle; right: two 6×5 rectangles whose shared corner lies on the left's edge
    const tee = [
      ...quad(v(0, 0, 0), v(6, 0, 0), v(6, 0, -10), v(0, 0, -10)),
      ...quad(v(6, 0, 0), v(12, 0, 0), v(12, 0, -5), v(6, 0, -5)),
      ...quad(v(6, 0, -5), v(12, 0, -5), v(12, 0, -10), v(6, 0, -10)),
    ];
    expect(faceRegion(tee, v(1, 0, -1))!.area).toBeCloseTo(120, 9);
  });
});

describe('principalExtent', () => {
  it("measures a pipe segment's length along its axis, whichever way it runs", () => {
    // a 0.3 m square-section box 4 m long along (1, 0, 1)/√2, from (10, 2, 0)
    const axis = v(Math.SQRT1_2, 0, Math.SQRT1_2);
    const across1 = v(-Math.SQRT1_2, 0, Math.SQRT1_2);
    const across2 = v(0, 1, 0);
    const points: number[] = [];
    for (const t of [0, 4])
      for (const s of [-0.15, 0.15])
        for (const u of [-0.15, 0.15])
          points.push(
            10 + axis.x * t + across1.x * s + across2.x * u,
            2 + axis.y * t + across1.y * s + across2.y * u,
            axis.z * t + across1.z * s + across2.z * u,
          );
    const extent = principalExtent(points)!;
    expect(extent.length).toBeCloseTo(4, 9);
    const ends = [extent.start, extent.end].sort((a, b) => a.x - b.x);
    expect(ends[0]!.x).toBeCloseTo(10, 9);
    expect(ends[1]!.z).toBeCloseTo(4 * Math.SQRT1_2, 9);
  });

  it('answers null for no points', () => {
    expect(principalExtent([])).toBeNull();
  });
});
