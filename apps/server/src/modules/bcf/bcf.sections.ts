/**
 * Section planes and the section box of the model viewer's stored state (three.js frame, Y up) as BCF
 * clipping planes (IFC frame, Z up), and back. Both say the same of a plane: a point on it and the
 * direction of its normal, which points to the part that is cut away. A section box keeps what is inside it:
 * it is written as its six faces, each with its normal pointing out of the box, after the planes.
 */
import { ifcToThree, threeToIfc } from './bcf.camera.ts';
import type { BcfClippingPlane, BcfVector } from './bcf.types.ts';

/** As packages/viewer's SectionPlaneState. */
export interface SectionPlane {
  id: string;
  origin: BcfVector;
  /** unit vector towards the part cut away */
  normal: BcfVector;
  visible: boolean;
}
export interface SectionBox {
  min: BcfVector;
  max: BcfVector;
}
/** As packages/viewer's SectionsState. */
export interface Sections {
  planes: SectionPlane[];
  box: SectionBox | null;
  capColour: string | null;
}

const AXES = ['x', 'y', 'z'] as const;
type Axis = (typeof AXES)[number];
/** How far from ±1 a unit normal's component may be for the plane to count as a face of a box. */
const AXIS_TOLERANCE = 1e-9;

/** The vector scaled to length 1, or null for a zero or non-finite one (no -0 components). */
export function unit(v: BcfVector): BcfVector | null {
  const length = Math.hypot(v.x, v.y, v.z);
  if (!(length > 0) || !Number.isFinite(length)) return null;
  return { x: v.x / length + 0, y: v.y / length + 0, z: v.z / length + 0 };
}

/**
 * The six faces of a box (viewer frame) as planes through each face's centre, normals pointing out of the
 * box: +X, −X, +Y, −Y, +Z, −Z.
 */
export function boxFaces(box: SectionBox): Array<{ origin: BcfVector; normal: BcfVector }> {
  const centre = {
    x: (box.min.x + box.max.x) / 2,
    y: (box.min.y + box.max.y) / 2,
    z: (box.min.z + box.max.z) / 2,
  };
  return AXES.flatMap((axis) =>
    ([1, -1] as const).map((sign) => ({
      origin: { ...centre, [axis]: sign > 0 ? box.max[axis] : box.min[axis] },
      normal: { x: 0, y: 0, z: 0, [axis]: sign },
    })),
  );
}

/**
 * The clipping planes of a view's sections, in the IFC frame: each shown plane (a hidden one does not cut),
 * then the box's six faces.
 */
export function clippingPlanesOfSections(sections: Sections | null | undefined): BcfClippingPlane[] {
  if (!sections) return [];
  const planes: BcfClippingPlane[] = [];
  for (const plane of sections.planes) {
    const normal = plane.visible ? unit(plane.normal) : null;
    if (normal) planes.push({ location: threeToIfc(plane.origin), direction: threeToIfc(normal) });
  }
  if (sections.box)
    for (const face of boxFaces(sections.box))
      planes.push({ location: threeToIfc(face.origin), direction: threeToIfc(face.normal) });
  return planes;
}

/** The axis and sign of a unit normal along one of the frame's axes, or null. */
function axisOf(normal: BcfVector): { axis: Axis; sign: 1 | -1 } | null {
  for (const axis of AXES) {
    const value = normal[axis];
    if (Math.abs(Math.abs(value) - 1) <= AXIS_TOLERANCE) return { axis, sign: value > 0 ? 1 : -1 };
  }
  return null;
}

/**
 * The box whose six faces these planes are (viewer frame, normals pointing out), or null: one plane per
 * axis and side, the box not empty.
 */
function boxOf(planes: ReadonlyArray<{ origin: BcfVector; normal: BcfVector }>): SectionBox | null {
  if (planes.length !== 6) return null;
  const min: Partial<Record<Axis, number>> = {};
  const max: Partial<Record<Axis, number>> = {};
  for (const plane of planes) {
    const found = axisOf(plane.normal);
    if (!found) return null;
    const side = found.sign > 0 ? max : min;
    if (side[found.axis] !== undefined) return null;
    side[found.axis] = plane.origin[found.axis];
  }
  for (const axis of AXES) if (!(min[axis]! < max[axis]!)) return null;
  return {
    min: { x: min.x!, y: min.y!, z: min.z! },
    max: { x: max.x!, y: max.y!, z: max.z! },
  };
}

/**
 * The sections of a BCF viewpoint's clipping planes (IFC frame → viewer frame): when the last six are the
 * faces of an axis-aligned box (as an export writes a section box, or another tool its section box), they
 * become the section box; every other plane a shown section plane (`bcf-1`, `bcf-2`, ...). Null without
 * planes; a plane without a direction is left out.
 */
export function sectionsOfClippingPlanes(planes: readonly BcfClippingPlane[] | undefined): Sections | null {
  const converted = (planes ?? []).flatMap((plane) => {
    const normal = unit(ifcToThree(plane.direction));
    return normal ? [{ origin: ifcToThree(plane.location), normal }] : [];
  });
  if (!converted.length) return null;
  const box = boxOf(converted.slice(-6));
  const rest = box ? converted.slice(0, -6) : converted;
  return {
    planes: rest.map((plane, n) => ({ id: `bcf-${n + 1}`, ...plane, visible: true })),
    box,
    capColour: null,
  };
}
