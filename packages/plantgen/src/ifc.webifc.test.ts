import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSET_CATEGORIES } from '@penstock/shared';
import { generatePlantIfc } from './ifc.ts';
import { FLUID_PIPE_STYLE, PALETTE, type StyleKey } from './plant/palette.ts';
import { PROP, PSET_NAME } from './plant/props.ts';
import { propertiesByElement, readStep } from './testing/step.ts';

// web-ifc reports problems through the console; capture everything it prints.
const logged: string[] = [];
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
let api: WebIFC.IfcAPI;

interface Opened {
  id: number;
  logs: string[];
}

/** Opens a model and streams all its meshes, returning the log lines printed meanwhile. */
function openAndMesh(text: string, meshed?: Set<number>): Opened {
  const start = logged.length;
  const id = api.OpenModel(new TextEncoder().encode(text));
  api.StreamAllMeshes(id, (mesh) => meshed?.add(mesh.expressID));
  return { id, logs: logged.slice(start) };
}

beforeAll(async () => {
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  }
  api = new WebIFC.IfcAPI();
  api.SetWasmPath(`${dirname(createRequire(import.meta.url).resolve('web-ifc'))}/`, true);
  await api.Init();
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('the generated IFC in web-ifc 0.0.77', () => {
  const text = generatePlantIfc({ elements: 500, seed: 7 });

  it('opens with no web-ifc log output, with geometry for every element', () => {
    const meshed = new Set<number>();
    const { id, logs } = openAndMesh(text, meshed);
    try {
      expect(logs).toEqual([]);
      const count = (type: number): number => api.GetLineIDsWithType(id, type).size();
      for (const type of [
        WebIFC.IFCPUMP,
        WebIFC.IFCVALVE,
        WebIFC.IFCPIPESEGMENT,
        WebIFC.IFCTANK,
        WebIFC.IFCSENSOR,
      ]) {
        expect(count(type)).toBeGreaterThan(0);
      }
      for (const type of [
        WebIFC.IFCFLOWMETER,
        WebIFC.IFCELECTRICMOTOR,
        WebIFC.IFCSLAB,
        WebIFC.IFCWALL,
        WebIFC.IFCFOOTING,
      ]) {
        expect(count(type)).toBeGreaterThan(0);
      }
      expect(count(WebIFC.IFCFAN) + count(WebIFC.IFCCOMPRESSOR)).toBeGreaterThan(0);
      expect(count(WebIFC.IFCELECTRICDISTRIBUTIONBOARD)).toBeGreaterThan(0);
      expect(count(WebIFC.IFCDISTRIBUTIONSYSTEM)).toBeGreaterThan(0);
      expect(count(WebIFC.IFCBUILDINGSTOREY)).toBe(2);
      expect(meshed.size).toBe(500);
    } finally {
      api.CloseModel(id);
    }
  });

  it('carries Tag and a catalogue P&ID Class in the property set, readable by web-ifc', async () => {
    const { id } = openAndMesh(text);
    try {
      const pump = api.GetLineIDsWithType(id, WebIFC.IFCPUMP).get(0);
      const line = api.GetLine(id, pump);
      expect(line.Name.value).toMatch(/^P-\d{4}$/);
      const psets = await api.properties.getPropertySets(id, pump, true);
      const pset = psets.find((p) => p.Name?.value === PSET_NAME);
      const props = new Map<string, unknown>(
        (pset?.HasProperties ?? []).map(
          (p: { Name: { value: string }; NominalValue: { value: unknown } }) => [
            p.Name.value,
            p.NominalValue.value,
          ],
        ),
      );
      expect(props.get('Tag')).toBe(line.Name.value);
      expect(ASSET_CATEGORIES.map((c) => c.name)).toContain(props.get('P&ID Class'));
      expect(props.get('Max Fluid Operating Temperature (°C)')).toBeTypeOf('number');
    } finally {
      api.CloseModel(id);
    }
  });

  it('reads the styled items: pipes in their BS 1710 fluid colours, a few shared surface styles', () => {
    const colours = new Map<number, string[]>();
    const start = logged.length;
    const id = api.OpenModel(new TextEncoder().encode(text));
    try {
      api.StreamAllMeshes(id, (mesh) => {
        const list: string[] = [];
        for (let i = 0; i < mesh.geometries.size(); i++) {
          const { x, y, z } = mesh.geometries.get(i).color;
          list.push([x, y, z].map((c) => Math.round(c * 255)).join(','));
        }
        colours.set(mesh.expressID, list);
      });
      expect(logged.slice(start)).toEqual([]);
      expect(api.GetLineIDsWithType(id, WebIFC.IFCSURFACESTYLE).size()).toBeLessThanOrEqual(
        Object.keys(PALETTE).length,
      );
      const rgb = (key: StyleKey) => PALETTE[key].rgb.join(',');
      const props = propertiesByElement(readStep(text));
      const pipes = api.GetLineIDsWithType(id, WebIFC.IFCPIPESEGMENT);
      expect(pipes.size()).toBeGreaterThan(50);
      for (let i = 0; i < pipes.size(); i++) {
        const pipe = pipes.get(i);
        const fluid = props.get(pipe)?.get(PROP.fluid) as string;
        expect(colours.get(pipe), fluid).toEqual([rgb(FLUID_PIPE_STYLE[fluid] as StyleKey)]);
      }
      const seen = new Set([...colours.values()].flat());
      const palette = new Set(Object.keys(PALETTE).map((key) => rgb(key as StyleKey)));
      expect([...seen].filter((c) => !palette.has(c))).toEqual([]);
      expect(seen.size).toBeGreaterThanOrEqual(15);
    } finally {
      api.CloseModel(id);
    }
  });

  it('would show the known profile error if a placement were missing (the log capture works)', () => {
    const broken = text.replace(
      /IFCRECTANGLEPROFILEDEF\(\.AREA\.,\$,#\d+,/g,
      'IFCRECTANGLEPROFILEDEF(.AREA.,$,$,',
    );
    const { id, logs } = openAndMesh(broken);
    api.CloseModel(id);
    expect(logs.some((l) => l.includes('GetRefArgument'))).toBe(true);
  });
});
