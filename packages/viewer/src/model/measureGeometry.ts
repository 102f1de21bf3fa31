import * as THREE from 'three';
import type { FragmentsModel } from '@thatopen/fragments';
import { principalExtent } from './measureMath.ts';
import {
  METRES,
  projectLengthUnit,
  toIfcAxes,
  type IfcUnitRecord,
  type MapConversion,
  type ProjectLengthUnit,
} from './measureUnits.ts';
import type { Vec3 } from './state.ts';

/** What a measurement needs to know of a model beyond its geometry. */
export interface ModelFacts {
  /** the project length unit (IfcUnitAssignment), metres when the model names none */
  unit: ProjectLengthUnit;
  /** the IfcMapConversion (with its projected CRS), or null */
  conversion: MapConversion | null;
  /** from the model's converted frame back to the IFC file's own coordinates (three.js axes) */
  uncoordinate: THREE.Matrix4;
}

type Value = { value?: unknown } | undefined;
const text = (v: unknown): string | null => {
  const value = (v as Value)?.value;
  return typeof value === 'string' ? value : null;
};

/** The project's assigned units (IfcUnitAssignment → Units), as Fragments keeps them. */
export async function readUnits(model: FragmentsModel): Promise<IfcUnitRecord[]> {
  const byCategory = await model.getItemsOfCategories([/^IFCUNITASSIGNMENT$/i]);
  const ids = Object.values(byCategory).flat();
  if (!ids.length) return [];
  const [assignment] = await model.getItemsData(ids.slice(0, 1), {
    attributesDefault: false,
    relations: { Units: { attributes: true, relations: false } },
  });
  const units = (assignment as Record<string, unknown> | undefined)?.Units;
  if (!Array.isArray(units)) return [];
  return units.flatMap((unit: Record<string, unknown>) => {
    const unitType = text(unit.UnitType);
    const name = text(unit.Name);
    return unitType && name ? [{ unitType, name, prefix: text(unit.Prefix) }] : [];
  });
}

/** Read a model's units, map conversion and coordination (each failing part falls back to its default). */
export async function readModelFacts(model: FragmentsModel): Promise<ModelFacts> {
  const [units, crs, coordination] = await Promise.all([
    readUnits(model).catch(() => []),
    model.getCRS().catch(() => null),
    model.getCoordinationMatrix().catch(() => new THREE.Matrix4()),
  ]);
  return {
    unit: units.length ? projectLengthUnit(units) : METRES,
    conversion: crs?.mapConversion ?? null,
    uncoordinate: coordination.clone().invert(),
  };
}

/**
 * A point of the viewer frame in a model's IFC coordinates (x, y, z with Z up), in metres: the model's
 * placement in the view (federation offset) and the conversion's move towards the origin undone.
 */
export function projectCoordinates(model: FragmentsModel, facts: ModelFacts, world: Vec3): Vec3 {
  model.object.updateMatrixWorld();
  const local = new THREE.Vector3(world.x, world.y, world.z)
    .applyMatrix4(model.object.matrixWorld.clone().invert())
    .applyMatrix4(facts.uncoordinate);
  return toIfcAxes({ x: local.x, y: local.y, z: local.z });
}

/** Every triangle of objects' geometry in the viewer frame (9 numbers each), per object in the order asked. */
export async function objectTriangles(model: FragmentsModel, localIds: number[]): Promise<number[][]> {
  const meshes = await model.getItemsGeometry(localIds);
  model.object.updateMatrixWorld();
  const v = new THREE.Vector3();
  const matrix = new THREE.Matrix4();
  return meshes.map((parts) => {
    const out: number[] = [];
    for (const part of parts) {
      const { positions, indices } = part;
      if (!positions) continue;
      matrix.multiplyMatrices(model.object.matrixWorld, part.transform);
      const count = indices ? indices.length : positions.length / 3;
      for (let i = 0; i + 2 < count; i += 3) {
        for (let k = 0; k < 3; k++) {
          const at = (indices ? indices[i + k]! : i + k) * 3;
          v.set(positions[at]!, positions[at + 1]!, positions[at + 2]!).applyMatrix4(matrix);
          out.push(v.x, v.y, v.z);
        }
      }
    }
    return out;
  });
}

/** Each object's length along its principal axis (a pipe segment's run), with the axis' two ends. */
export async function segmentRuns(
  model: FragmentsModel,
  localIds: number[],
): Promise<{ localId: number; length: number; start: Vec3; end: Vec3 }[]> {
  const all = await objectTriangles(model, localIds);
  return all.flatMap((triangles, i) => {
    const extent = principalExtent(triangles);
    return extent && extent.length > 0 ? [{ localId: localIds[i]!, ...extent }] : [];
  });
}
