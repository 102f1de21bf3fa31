import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSET_CATEGORIES } from '@penstock/shared';
import { emitPlantIfc, generatePlantIfc } from './ifc.ts';
import { BUILDINGS } from './plant/buildings.ts';
import { planPlant } from './plant/plan.ts';
import { PROP } from './plant/props.ts';
import type { PlantElement, PlantModule } from './plant/types.ts';

const categories = new Set(ASSET_CATEGORIES.map((c) => c.name));
const withBuildings = [...planPlant({ elements: 1000, seed: 7, buildings: true })];
const without = [...planPlant({ elements: 1000, seed: 7 })];
const value = (e: PlantElement, name: string) => e.props.find(([n]) => n === name)?.[1];

describe('buildings (opt in)', () => {
  it('adds a blower house, an MCC building and a chemical building after each whole row, within the count', () => {
    const rows = withBuildings.filter((m) => m.stream === 'Buildings');
    expect(rows.map((m) => m.index)).toEqual([0, 1, 2, 3]);
    expect(withBuildings.flatMap((m) => [...m.elements])).toHaveLength(1000);
    for (const n of [1, 213, 500, 2001])
      expect(emitPlantIfc({ elements: n, seed: 3, buildings: true }, () => {}).elements).toBe(n);
    const elements = rows.flatMap((m) => [...m.elements]);
    expect(elements).toHaveLength(rows.length * BUILDINGS.length * 4);
    expect(new Set(elements.map((e) => e.ifcType))).toEqual(new Set(['IFCWALL', 'IFCSLAB', 'IFCROOF']));
    for (const e of elements) {
      expect(e.tag).toBeUndefined();
      expect(value(e, PROP.tag)).toBeUndefined();
      expect(categories.has(e.category), e.category).toBe(true);
      expect(value(e, PROP.category)).toBe(e.category);
    }
  });

  it('leaves the process modules as they are: same modules, tags and properties in the same order', () => {
    const modules = (list: PlantModule[]) => list.filter((m) => m.stream !== 'Buildings');
    const a = modules(withBuildings);
    const b = modules(without);
    const shared = Math.min(a.length, b.length) - 1;
    expect(shared).toBeGreaterThan(25);
    for (let i = 0; i < shared; i++) expect(a[i]).toEqual(b[i]);
  });

  it('houses the blowers, and the chemical tank with its dosing pumps', () => {
    const row0 = withBuildings.filter((m) => m.index === 0);
    const building = (name: string) => {
      const spec = BUILDINGS.find((s) => s.name === name);
      return (e: PlantElement) => {
        const [x0, y0, x1, y1] = spec?.at ?? [0, 0, 0, 0];
        return e.position[0] > x0 && e.position[0] < x1 && e.position[1] > y0 && e.position[1] < y1;
      };
    };
    const all = row0.flatMap((m) => [...m.elements]);
    const blowers = all.filter((e) => e.ifcType === 'IFCFAN');
    expect(blowers).toHaveLength(2);
    expect(blowers.every(building('Blower House'))).toBe(true);
    const dosing = row0.find((m) => m.stream === 'Chemical Dosing')?.elements ?? [];
    const housed = dosing.filter((e) => e.ifcType === 'IFCTANK' || e.ifcType === 'IFCPUMP');
    expect(housed).toHaveLength(3);
    expect(housed.every(building('Chemical Building'))).toBe(true);
  });
});

describe('buildings in web-ifc', () => {
  const logged: string[] = [];
  let api: WebIFC.IfcAPI;
  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    api = new WebIFC.IfcAPI();
    api.SetWasmPath(`${dirname(createRequire(import.meta.url).resolve('web-ifc'))}/`, true);
    await api.Init();
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('opens with no log output, meshing every element including walls, floors and roofs', () => {
    const id = api.OpenModel(
      new TextEncoder().encode(generatePlantIfc({ elements: 600, seed: 7, buildings: true })),
    );
    try {
      const meshed = new Set<number>();
      api.StreamAllMeshes(id, (mesh) => meshed.add(mesh.expressID));
      expect(logged).toEqual([]);
      expect(meshed.size).toBe(600);
      expect(api.GetLineIDsWithType(id, WebIFC.IFCROOF).size()).toBe(6);
    } finally {
      api.CloseModel(id);
    }
  });
});
