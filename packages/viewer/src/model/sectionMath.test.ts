import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  angleAbout,
  axisOf,
  axisParameter,
  axisPlane,
  boxFaces,
  boxPlanes,
  checkedSections,
  directionLabel,
  facePlane,
  flipped,
  fromThreePlane,
  grownBox,
  movedAlongNormal,
  nextPlaneId,
  planeBasis,
  planeOffset,
  rotated,
  toThreePlane,
  withBoxFace,
  withOffset,
  worldPerPixel,
} from './sectionMath.ts';

const v = (x: number, y: number, z: number) => new THREE.Vector3(x, y, z);
const close = (
  actual: { x: number; y: number; z: number },
  expected: { x: number; y: number; z: number },
) => {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
  expect(actual.z).toBeCloseTo(expected.z, 9);
};
/** whether three.js keeps a point with this plane (n·p + c ≥ 0) */
const kept = (plane: THREE.Plane, p: THREE.Vector3) => plane.distanceToPoint(p) >= 0;

describe('section plane ↔ three.js plane', () => {
  it('cuts away the side the normal points to', () => {
    const plane = toThreePlane({ origin: { x: 0, y: 3, z: 0 }, normal: { x: 0, y: 1, z: 0 } });
    expect(kept(plane, v(5, 2.9, -4))).toBe(true);
    expect(kept(plane, v(5, 3.1, -4))).toBe(false);
    close(plane.normal, { x: 0, y: -1, z: 0 });
    expect(plane.constant).toBeCloseTo(3);
  });

  it('normalises a normal that is not a unit vector, and refuses a zero one', () => {
    const plane = toThreePlane({ origin: { x: 2, y: 0, z: 0 }, normal: { x: 4, y: 0, z: 0 } });
    close(plane.normal, { x: -1, y: 0, z: 0 });
    expect(plane.constant).toBeCloseTo(2);
    expect(() => toThreePlane({ origin: { x: 0, y: 0, z: 0 }, normal: { x: 0, y: 0, z: 0 } })).toThrow(
      /direction/,
    );
  });

  it('goes back from a three.js plane to the same cut', () => {
    const section = { origin: { x: 1, y: 2, z: 3 }, normal: { x: 0.6, y: 0, z: -0.8 } };
    const back = fromThreePlane(toThreePlane(section));
    close(back.normal, section.normal);
    // another point of the same plane: the same three.js plane again
    const again = toThreePlane(back);
    const first = toThreePlane(section);
    close(again.normal, first.normal);
    expect(again.constant).toBeCloseTo(first.constant, 9);
    // a three.js plane with a normal that is not unit
    const scaled = fromThreePlane(new THREE.Plane(v(0, -2, 0), 6));
    close(scaled.normal, { x: 0, y: 1, z: 0 });
    close(scaled.origin, { x: 0, y: 3, z: 0 });
  });
});

describe('offset, flip, move and rotate', () => {
  it('measures the offset along the axis whichever way the plane cuts', () => {
    const up = { origin: { x: 7, y: 4.5, z: -2 }, normal: { x: 0, y: 1, z: 0 } };
    expect(planeOffset(up)).toBeCloseTo(4.5);
    expect(planeOffset(flipped(up))).toBeCloseTo(4.5);
    expect(planeOffset({ origin: { x: -3, y: 0, z: 0 }, normal: { x: -1, y: 0, z: 0 } })).toBeCloseTo(-3);
    // oblique: the distance from the origin along the reference direction
    const oblique = { origin: { x: 1, y: 0, z: 1 }, normal: { x: -Math.SQRT1_2, y: 0, z: -Math.SQRT1_2 } };
    expect(planeOffset(oblique)).toBeCloseTo(Math.SQRT2);
  });

  it('sets the offset by moving the origin, keeping the normal', () => {
    const plane = { id: 'a', origin: { x: 7, y: 4.5, z: -2 }, normal: { x: 0, y: -1, z: 0 }, visible: true };
    const moved = withOffset(plane, 1.25);
    expect(moved.id).toBe('a');
    expect(moved.normal).toEqual(plane.normal);
    close(moved.origin, { x: 7, y: 1.25, z: -2 });
    expect(planeOffset(moved)).toBeCloseTo(1.25);
    expect(() => withOffset(plane, Number.NaN)).toThrow();
  });

  it('flips the part cut away', () => {
    const plane = { origin: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 0, z: 1 } };
    const other = flipped(plane);
    expect(other.normal).toEqual({ x: 0, y: 0, z: -1 });
    expect(other.origin).toEqual(plane.origin);
    expect(flipped(other)).toEqual(plane);
    expect(kept(toThreePlane(other), v(0, 0, 4))).toBe(true);
  });

  it('moves along the normal, towards the part cut away for a positive distance', () => {
    const plane = { origin: { x: 0, y: 1, z: 0 }, normal: { x: 0, y: 2, z: 0 } };
    close(movedAlongNormal(plane, 0.5).origin, { x: 0, y: 1.5, z: 0 });
    close(movedAlongNormal(plane, -2).origin, { x: 0, y: -1, z: 0 });
  });

  it('rotates the normal about an axis through the origin', () => {
    const plane = { origin: { x: 5, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 } };
    const turned = rotated(plane, { x: 0, y: 1, z: 0 }, Math.PI / 2);
    close(turned.normal, { x: 0, y: 0, z: -1 });
    expect(turned.origin).toEqual(plane.origin);
    close(rotated(turned, { x: 0, y: 1, z: 0 }, -Math.PI / 2).normal, plane.normal);
  });

  it('gives two directions in the plane at right angles', () => {
    for (const normal of [v(0, 1, 0), v(1, 0, 0), v(0.3, -0.2, 0.9).normalize()]) {
      const { u, v: w } = planeBasis(normal);
      expect(u.dot(normal)).toBeCloseTo(0);
      expect(w.dot(normal)).toBeCloseTo(0);
      expect(u.dot(w)).toBeCloseTo(0);
      close(new THREE.Vector3().crossVectors(u, w), normal);
    }
  });
});

describe('new planes', () => {
  it('puts an axis plane through the centre of what is shown', () => {
    const box = new THREE.Box3(v(0, 0, 0), v(10, 4, 6));
    expect(axisPlane('y', box)).toEqual({ origin: { x: 5, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 } });
    expect(axisPlane('x', new THREE.Box3()).origin).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('puts a face plane through the hit, cutting away the side towards the camera', () => {
    const camera = { x: 0, y: 0, z: 10 };
    const front = facePlane({ x: 1, y: 1, z: 2 }, { x: 0, y: 0, z: 1 }, camera);
    expect(front).toEqual({ origin: { x: 1, y: 1, z: 2 }, normal: { x: 0, y: 0, z: 1 } });
    // a face seen from behind: its normal is turned to the camera
    expect(facePlane({ x: 1, y: 1, z: 2 }, { x: 0, y: 0, z: -1 }, camera).normal.z).toBeCloseTo(1);
    // the camera's side is cut away, the object behind the face kept
    expect(kept(toThreePlane(front), v(1, 1, 1))).toBe(true);
    expect(kept(toThreePlane(front), v(1, 1, 5))).toBe(false);
    // standing off the face: the face itself is kept
    const off = facePlane({ x: 1, y: 1, z: 2 }, { x: 0, y: 0, z: 1 }, camera, 0.005);
    expect(off.origin.z).toBeCloseTo(2.005);
    expect(kept(toThreePlane(off), v(1, 1, 2))).toBe(true);
  });

  it('numbers planes with the first free id', () => {
    expect(nextPlaneId([])).toBe('plane-1');
    expect(nextPlaneId([{ id: 'plane-1' }, { id: 'plane-3' }])).toBe('plane-2');
  });

  it('describes a direction', () => {
    expect(directionLabel({ x: 0, y: 1, z: 0 })).toBe('+Y');
    expect(directionLabel({ x: -1, y: 0, z: 0 })).toBe('−X');
    expect(directionLabel({ x: Math.SQRT1_2, y: 0, z: -Math.SQRT1_2 })).toBe('(0.71, 0, -0.71)');
    expect(axisOf({ x: 0, y: 0, z: -3 })).toBe('z');
    expect(axisOf({ x: 1, y: 1, z: 0 })).toBeNull();
  });
});

describe('section box', () => {
  const box = { min: { x: -1, y: 0, z: 2 }, max: { x: 3, y: 5, z: 4 } };

  it('keeps exactly what is inside with six planes', () => {
    const planes = boxPlanes(box);
    expect(planes).toHaveLength(6);
    const inside = (p: THREE.Vector3) => planes.every((plane) => kept(plane, p));
    expect(inside(v(0, 1, 3))).toBe(true);
    expect(inside(v(-1, 0, 2))).toBe(true);
    expect(inside(v(3, 5, 4))).toBe(true);
    for (const outside of [
      v(-1.1, 1, 3),
      v(3.1, 1, 3),
      v(0, -0.1, 3),
      v(0, 5.1, 3),
      v(0, 1, 1.9),
      v(0, 1, 4.1),
    ])
      expect(inside(outside)).toBe(false);
  });

  it('names its faces with outward normals', () => {
    const faces = boxFaces(box);
    expect(faces.map((f) => `${f.axis}${f.side}`)).toEqual(['xmin', 'xmax', 'ymin', 'ymax', 'zmin', 'zmax']);
    expect(faces[0]!.normal).toEqual({ x: -1, y: 0, z: 0 });
    expect(faces[3]!.normal).toEqual({ x: 0, y: 1, z: 0 });
  });

  it('grows around the selection and resizes by a face, never inside out', () => {
    const grown = grownBox(new THREE.Box3(v(0, 0, 0), v(10, 2, 2)));
    expect(grown).toEqual({ min: { x: -0.5, y: -0.5, z: -0.5 }, max: { x: 10.5, y: 2.5, z: 2.5 } });
    expect(grownBox(new THREE.Box3(v(0, 0, 0), v(1, 1, 1))).min.x).toBeCloseTo(-0.1);
    expect(withBoxFace(box, 'y', 'max', 2.5).max).toEqual({ x: 3, y: 2.5, z: 4 });
    expect(withBoxFace(box, 'x', 'min', 10).min.x).toBeCloseTo(2.99);
    expect(withBoxFace(box, 'z', 'max', -7).max.z).toBeCloseTo(2.01);
  });
});

describe('dragging handles', () => {
  it('follows the pointer along an axis', () => {
    // the axis is the Y axis through (2, 0, 0); a ray along −Z passing at height 3
    const ray = new THREE.Ray(v(2.5, 3, 10), v(0, 0, -1));
    expect(axisParameter(v(2, 0, 0), v(0, 1, 0), ray)).toBeCloseTo(3);
    expect(axisParameter(v(2, 1, 0), v(0, 2, 0), ray)).toBeCloseTo(2);
    expect(axisParameter(v(0, 0, 0), v(0, 0, 1), ray)).toBeNull();
  });

  it('measures a turn about an axis', () => {
    const centre = v(1, 0, 0);
    const axis = v(0, 0, 1);
    expect(angleAbout(centre, axis, v(2, 0, 0), v(1, 1, 0))).toBeCloseTo(Math.PI / 2);
    expect(angleAbout(centre, axis, v(2, 0, 5), v(1, -1, -3))).toBeCloseTo(-Math.PI / 2);
    expect(angleAbout(centre, axis, centre, v(1, 1, 0))).toBe(0);
  });
});

describe('stored sections', () => {
  it('keeps a valid state exactly', () => {
    const state = {
      planes: [
        { id: 'plane-1', origin: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 }, visible: true },
        { id: 'x', origin: { x: 0, y: 0, z: 0 }, normal: { x: 0.6, y: 0, z: 0.8 }, visible: false },
      ],
      box: { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } },
      capColour: '#aabbcc',
    };
    expect(checkedSections(state)).toEqual(state);
    expect(checkedSections(state)).not.toBe(state);
    expect(checkedSections(null)).toEqual({ planes: [], box: null, capColour: null });
  });

  it('drops what is broken and keeps at most six planes', () => {
    const plane = (id: string) => ({
      id,
      origin: { x: 0, y: 0, z: 0 },
      normal: { x: 1, y: 0, z: 0 },
      visible: true,
    });
    const state = checkedSections({
      planes: [
        { ...plane('zero'), normal: { x: 0, y: 0, z: 0 } },
        { ...plane('nan'), origin: { x: Number.NaN, y: 0, z: 0 } },
        ...['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g'].map(plane),
      ],
      box: { min: { x: 2, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } },
      capColour: 'red',
    });
    expect(state.planes.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(state.box).toBeNull();
    expect(state.capColour).toBeNull();
  });
});

describe('handle size on screen', () => {
  it('covers as many metres per pixel as the camera shows there', () => {
    const perspective = new THREE.PerspectiveCamera(90, 1, 0.1, 1000);
    perspective.position.set(0, 0, 10);
    perspective.lookAt(0, 0, 0);
    perspective.updateMatrixWorld();
    // 90° vertical field: 20 m high at 10 m away, over 200 pixels
    expect(worldPerPixel(perspective, v(3, 1, 0), 200)).toBeCloseTo(0.1);
    const orthographic = new THREE.OrthographicCamera(-5, 5, 5, -5, 0.1, 100);
    orthographic.zoom = 2;
    expect(worldPerPixel(orthographic, v(0, 0, -50), 100)).toBeCloseTo(0.05);
  });
});
