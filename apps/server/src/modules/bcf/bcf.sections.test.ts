import { describe, expect, it } from 'vitest';
import { boxFaces, clippingPlanesOfSections, sectionsOfClippingPlanes, unit } from './bcf.sections.ts';
import type { BcfClippingPlane, BcfVector } from './bcf.types.ts';

const close = (actual: BcfVector, expected: BcfVector, digits = 9) => {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.z).toBeCloseTo(expected.z, digits);
};

describe('section planes as BCF clipping planes', () => {
  it('turns a plane of the viewer (Y up) into the IFC frame (Z up), normal as the Direction', () => {
    const planes = clippingPlanesOfSections({
      planes: [
        // a horizontal cut 1.5 m up, cutting away what is above: IFC Direction +Z at IFC z = 1.5
        { id: 'a', origin: { x: 2, y: 1.5, z: -4 }, normal: { x: 0, y: 1, z: 0 }, visible: true },
        // a vertical cut facing viewer −Z (IFC north, +Y), given with a normal of length 2
        { id: 'b', origin: { x: 0, y: 0, z: -7 }, normal: { x: 0, y: 0, z: -2 }, visible: true },
        // a hidden plane does not cut, and is not written
        { id: 'c', origin: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 }, visible: false },
      ],
      box: null,
      capColour: '#ff0000',
    });
    expect(planes).toEqual([
      { location: { x: 2, y: 4, z: 1.5 }, direction: { x: 0, y: 0, z: 1 } },
      { location: { x: 0, y: 7, z: 0 }, direction: { x: 0, y: 1, z: 0 } },
    ]);
    expect(clippingPlanesOfSections(null)).toEqual([]);
  });

  it('writes a section box as its six faces, normals out of the box, and reads them back as the box', () => {
    const box = { min: { x: -1, y: 0, z: -3 }, max: { x: 4, y: 2.5, z: 5 } };
    const faces = boxFaces(box);
    expect(faces.map((f) => f.normal)).toEqual([
      { x: 1, y: 0, z: 0 },
      { x: -1, y: 0, z: 0 },
      { x: 0, y: 1, z: 0 },
      { x: 0, y: -1, z: 0 },
      { x: 0, y: 0, z: 1 },
      { x: 0, y: 0, z: -1 },
    ]);
    // each face goes through the middle of its side
    expect(faces[0]!.origin).toEqual({ x: 4, y: 1.25, z: 1 });
    expect(faces[3]!.origin).toEqual({ x: 1.5, y: 0, z: 1 });

    const planes = clippingPlanesOfSections({ planes: [], box, capColour: null });
    expect(planes).toHaveLength(6);
    // in the IFC frame: viewer +Y (up) is IFC +Z; viewer −Z is IFC +Y; the box spans IFC y −5..3, z 0..2.5
    expect(planes[2]).toEqual({ location: { x: 1.5, y: -1, z: 2.5 }, direction: { x: 0, y: 0, z: 1 } });
    expect(planes[4]).toEqual({ location: { x: 1.5, y: -5, z: 1.25 }, direction: { x: 0, y: -1, z: 0 } });
    expect(sectionsOfClippingPlanes(planes)).toEqual({ planes: [], box, capColour: null });
  });

  it('reads planes and a box back: the last six planes that bound a box are the box', () => {
    const sections = {
      planes: [
        { id: 'p', origin: { x: 1, y: 2, z: 3 }, normal: unit({ x: 1, y: 1, z: 0 })!, visible: true },
        // along an axis, but one plane alone is a plane
        { id: 'q', origin: { x: 0, y: 1, z: 0 }, normal: { x: 0, y: -1, z: 0 }, visible: true },
      ],
      box: { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } },
      capColour: null,
    };
    const back = sectionsOfClippingPlanes(clippingPlanesOfSections(sections))!;
    expect(back.box).toEqual(sections.box);
    expect(back.planes.map((p) => p.id)).toEqual(['bcf-1', 'bcf-2']);
    sections.planes.forEach((plane, i) => {
      close(back.planes[i]!.origin, plane.origin);
      close(back.planes[i]!.normal, plane.normal);
      expect(back.planes[i]!.visible).toBe(true);
    });
  });

  it('keeps six planes that do not bound a box as planes, and leaves out a plane without a direction', () => {
    const plane = (location: BcfVector, direction: BcfVector): BcfClippingPlane => ({ location, direction });
    const o = { x: 0, y: 0, z: 0 };
    const one = { x: 1, y: 0, z: 0 };
    // normals pointing into the box keep nothing: not a section box
    const inward = [
      plane({ x: 1, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }),
      plane(o, one),
      plane({ x: 0, y: 1, z: 0 }, { x: 0, y: -1, z: 0 }),
      plane(o, { x: 0, y: 1, z: 0 }),
      plane({ x: 0, y: 0, z: 1 }, { x: 0, y: 0, z: -1 }),
      plane(o, { x: 0, y: 0, z: 1 }),
    ];
    expect(sectionsOfClippingPlanes(inward)).toMatchObject({ box: null, planes: { length: 6 } });
    // two planes facing the same way
    const twice = [...inward.slice(1), plane({ x: 5, y: 0, z: 0 }, one)];
    expect(sectionsOfClippingPlanes(twice)).toMatchObject({ box: null, planes: { length: 6 } });
    expect(sectionsOfClippingPlanes([plane(o, o), plane(o, { x: 0, y: 0, z: -3 })])).toEqual({
      planes: [{ id: 'bcf-1', origin: o, normal: { x: 0, y: -1, z: 0 }, visible: true }],
      box: null,
      capColour: null,
    });
    expect(sectionsOfClippingPlanes([])).toBeNull();
    expect(sectionsOfClippingPlanes(undefined)).toBeNull();
  });
});
