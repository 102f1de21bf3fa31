import { describe, expect, it } from 'vitest';
import { castTriangles, nearestOnSegment, snapGeometry, snapOnObject } from './snapGeometry.ts';
import type { Vec3 } from './state.ts';

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
const flat = (...ps: Vec3[]) => ps.flatMap((p) => [p.x, p.y, p.z]);

/** A unit cube's 12 triangles (outward, anticlockwise), from (0,0,0) to (1,1,1). */
function cube(): number[] {
  const c = (x: number, y: number, z: number) => v(x, y, z);
  const quad = (a: Vec3, b: Vec3, cc: Vec3, d: Vec3) => [...flat(a, b, cc), ...flat(a, cc, d)];
  return [
    ...quad(c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 1, 1)), // front z = 1
    ...quad(c(1, 0, 0), c(0, 0, 0), c(0, 1, 0), c(1, 1, 0)), // back z = 0
    ...quad(c(0, 1, 1), c(1, 1, 1), c(1, 1, 0), c(0, 1, 0)), // top y = 1
    ...quad(c(0, 0, 0), c(1, 0, 0), c(1, 0, 1), c(0, 0, 1)), // bottom y = 0
    ...quad(c(1, 0, 1), c(1, 0, 0), c(1, 1, 0), c(1, 1, 1)), // right x = 1
    ...quad(c(0, 0, 0), c(0, 0, 1), c(0, 1, 1), c(0, 1, 0)), // left x = 0
  ];
}

describe('snapGeometry', () => {
  it("keeps a box's 12 edges and 8 corners, not the diagonals splitting its faces", () => {
    const geometry = snapGeometry(cube());
    expect(geometry.edges.length / 6).toBe(12);
    expect(geometry.corners.length / 3).toBe(8);
    expect(geometry.triangles.length).toBe(12 * 9);
  });

  it('casts a ray on the nearest triangle, skipping what is cut away', () => {
    const ray = { origin: v(0.5, 0.5, 5), direction: v(0, 0, -1) };
    const hit = castTriangles(cube(), ray)!;
    expect(hit.t).toBeCloseTo(4, 12);
    expect(hit.normal.z).toBeCloseTo(1, 12);
    // a section keeps z < 0.5 only: the back face is the first left
    expect(castTriangles(cube(), ray, (p) => p.z < 0.5)!.t).toBeCloseTo(5, 12);
    expect(castTriangles(cube(), { origin: v(3, 3, 5), direction: v(0, 0, -1) })).toBeNull();
  });

  it('finds the point of a segment nearest to a ray', () => {
    const ray = { origin: v(0.3, 5, 0), direction: v(0, -1, 0) };
    expect(nearestOnSegment(v(0, 0, 0), v(1, 0, 0), ray)).toEqual(v(0.3, 0, 0));
    expect(nearestOnSegment(v(1, 0, 0), v(2, 0, 0), ray)).toEqual(v(1, 0, 0));
  });

  describe('snapOnObject', () => {
    // looking down −z at the cube's front face, 100 px per metre, the screen's y up = world y
    const project = (p: Vec3) => ({ x: p.x * 100, y: -p.y * 100 });
    const geometry = snapGeometry(cube());
    const at = (x: number, y: number, kept?: (p: Vec3) => boolean) =>
      snapOnObject({
        geometry,
        ray: { origin: v(x / 100, -y / 100, 5), direction: v(0, 0, -1) },
        pointer: { x, y },
        project,
        model: 'urn:v.1',
        localId: 4,
        ...(kept ? { kept } : {}),
      });

    it("snaps to the front face's corner, edge midpoint, edge and face", () => {
      expect(at(3, -96)).toMatchObject({ kind: 'vertex', point: v(0, 1, 1), localId: 4 });
      expect(at(52, -3)).toMatchObject({ kind: 'midpoint', point: v(0.5, 0, 1) });
      expect(at(30, -4)).toMatchObject({
        kind: 'edge',
        point: v(0.3, 0, 1),
        edge: [expect.anything(), expect.anything()],
      });
      const face = at(40, -60)!;
      expect(face).toMatchObject({ kind: 'face', point: { z: 1 } });
      expect(face.surface!.normal.z).toBeCloseTo(1, 12);
      expect(face.surface!.triangle).toHaveLength(3);
    });

    it('leaves out the corners behind the face under the pointer, and what a section cuts away', () => {
      // the back corner (0,1,0) projects on the front one: the front one is taken
      expect(at(0.5, -99.5)!.point).toEqual(v(0, 1, 1));
      // cut at z < 0.5: the back face is hit, its corner taken
      const cut = at(1, -98, (p) => p.z < 0.5)!;
      expect(cut).toMatchObject({ kind: 'vertex', point: v(0, 1, 0) });
      expect(at(300, -300)).toBeNull();
    });
  });
});
