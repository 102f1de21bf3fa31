import { describe, expect, it } from 'vitest';
import { ASSET_CATEGORIES } from '@penstock/shared';
import { emitPlantIfc, generatePlantIfc } from './ifc.ts';
import { planPlant } from './plant/plan.ts';
import { PROP } from './plant/props.ts';
import type { PlantElement } from './plant/types.ts';

const categories = new Set(ASSET_CATEGORIES.map((c) => c.name));
const elementsOf = (elements: number, seed = 7): PlantElement[] =>
  [...planPlant({ elements, seed })].flatMap((m) => [...m.elements]);
const value = (e: PlantElement, name: string) => e.props.find(([n]) => n === name)?.[1];

describe('generatePlantIfc', () => {
  it('is deterministic: same seed and size give the same text, another seed another text', () => {
    const a = generatePlantIfc({ elements: 400, seed: 7 });
    expect(generatePlantIfc({ elements: 400, seed: 7 })).toBe(a);
    expect(generatePlantIfc({ elements: 400, seed: 8 })).not.toBe(a);
    expect(generatePlantIfc({ elements: 400, seed: 7, name: 'Other Works' })).not.toBe(a);
  });

  it('writes exactly the requested number of elements', () => {
    for (const n of [1, 29, 500, 2001])
      expect(emitPlantIfc({ elements: n, seed: 3 }, () => {}).elements).toBe(n);
    expect(() => generatePlantIfc({ elements: 0, seed: 1 })).toThrow(RangeError);
    expect(() => generatePlantIfc({ elements: 10, seed: 1.5 })).toThrow(RangeError);
  });

  it('writes a complete IFC4 file of pure ASCII with the expected structure', () => {
    const text = generatePlantIfc({ elements: 300, seed: 7 });
    expect(text.startsWith('ISO-10303-21;\nHEADER;')).toBe(true);
    expect(text).toContain("FILE_SCHEMA(('IFC4'));");
    expect(text.endsWith('ENDSEC;\nEND-ISO-10303-21;\n')).toBe(true);
    expect(/[^\x20-\x7e\n]/.test(text)).toBe(false);
    expect(text).toContain('IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)');
    expect(text).toContain("'Ground Floor'");
    expect(text).toContain("'Upper Deck'");
    expect(text).toContain("'Min Fluid Operating Temperature (\\X2\\00B0\\X0\\C)'");
    expect(text).not.toMatch(/PROFILEDEF\(\.AREA\.,\$,\$/);
    const ids = [...text.matchAll(/^#\d+=IFC\w+\('([^']{22})'/gm)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every element a P&ID Class from ASSET_CATEGORIES and the expected properties', () => {
    const elements = elementsOf(3000);
    for (const e of elements) {
      expect(categories.has(e.category), e.category).toBe(true);
      expect(value(e, PROP.category)).toBe(e.category);
    }
    const tagged = elements.filter((e) => value(e, PROP.tag));
    expect(tagged.length).toBeGreaterThan(elements.length * 0.9);
    expect(elements.filter((e) => !e.tag).every((e) => e.category === 'Thrust Block')).toBe(true);
    const pipes = elements.filter((e) => e.ifcType === 'IFCPIPESEGMENT');
    expect(
      pipes.every((p) => typeof value(p, PROP.length) === 'number' && value(p, PROP.line) === p.tag),
    ).toBe(true);
    expect(pipes.map((p) => value(p, PROP.size))).toContain('150 NB');
    const valves = elements.filter((e) => e.ifcType === 'IFCVALVE');
    expect(valves.every((v) => typeof value(v, PROP.valveType) === 'string')).toBe(true);
    expect(new Set(valves.map((v) => v.category.replace(' - Existing', '')))).toEqual(
      new Set([
        'Penstock',
        'Gate Valve',
        'Plug Valve',
        'Pinch Valve',
        'Butterfly Valve',
        'Globe Valve',
        'Ball Valve',
        'Parallel Slide Valve',
        'Non-Return Valve',
        'Control Valve',
      ]),
    );
    const hazards = elements.filter((e) => value(e, PROP.hazard));
    expect(hazards.length).toBeGreaterThan(0);
    expect(hazards.length).toBeLessThan(elements.length / 2);
    expect(new Set(elements.map((e) => value(e, PROP.fluid)))).toEqual(
      new Set([undefined, 'WW', 'PS', 'RAS', 'SAS', 'AIR', 'FE', 'PW', 'NaOCl', 'FeCl3', 'DG']),
    );
    expect(new Set(elements.map((e) => value(e, PROP.status)))).toEqual(
      new Set(['New', 'Existing', 'Future']),
    );
    expect(elements.map((e) => e.tag)).toEqual(
      expect.arrayContaining(['P-1001', 'LT-1001', 'SC-1001', 'FT-3001']),
    );
    for (const p of pipes) expect(p.tag).toMatch(/^\d+-[A-Za-z0-9]+-\d{4,}$/);
    expect(value(elements[0] as PlantElement, PROP.drawing)).toBe('RWTW-PID-0101');
  });

  it('keeps non-line tags unique', () => {
    const tags = elementsOf(5000)
      .filter((e) => e.ifcType !== 'IFCPIPESEGMENT' && e.tag)
      .map((e) => e.tag);
    expect(new Set(tags).size).toBe(tags.length);
  });
});
