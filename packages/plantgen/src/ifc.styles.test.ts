import { describe, expect, it } from 'vitest';
import { generatePlantIfc } from './ifc.ts';
import { FLUID_PIPE_STYLE, PALETTE, type StyleKey } from './plant/palette.ts';
import { PROP } from './plant/props.ts';
import { IFC_ELEMENT_TYPES } from './plant/types.ts';
import { idsOf, propertiesByElement, readStep, refsOf, type StepEntity } from './testing/step.ts';

const text = generatePlantIfc({ elements: 2000, seed: 7 });
const entities = readStep(text);
const entity = (id: number): StepEntity => entities.get(id) as StepEntity;

/** The colour of a surface style, as 0-255 integers. */
function colourOf(style: number): [number, number, number] {
  const shading = refsOf(entity(style))[0] as number;
  const colour = entity(refsOf(entity(shading))[0] as number);
  const [r, g, b] = colour.args.split(',').slice(1).map(Number) as [number, number, number];
  return [r, g, b].map((c) => Math.round(c * 255)) as [number, number, number];
}

const styledItems = idsOf(entities, 'IFCSTYLEDITEM');
const styleOfItem = new Map<number, number>();
for (const id of styledItems) {
  const [item, style] = refsOf(entity(id)) as [number, number];
  styleOfItem.set(item, style);
}

/** The styles of an element's body items, through its product shape and representation. */
function stylesOfElement(element: number): number[] {
  const shape = refsOf(entity(element))[2] as number;
  const representation = refsOf(entity(shape))[0] as number;
  return refsOf(entity(representation))
    .slice(1)
    .map((item) => styleOfItem.get(item) as number);
}

const paletteKey = (rgb: readonly number[]): StyleKey | undefined =>
  (Object.keys(PALETTE) as StyleKey[]).find((key) => PALETTE[key].rgb.every((c, i) => c === rgb[i]));

describe('colours in the generated IFC', () => {
  it('writes one IfcSurfaceStyle per palette colour, every colour from the documented palette', () => {
    const styles = idsOf(entities, 'IFCSURFACESTYLE');
    expect(styles.length).toBeGreaterThan(10);
    expect(styles.length).toBeLessThanOrEqual(Object.keys(PALETTE).length);
    const keys = styles.map((s) => paletteKey(colourOf(s)));
    expect(keys.every(Boolean), JSON.stringify(styles.map(colourOf))).toBe(true);
    expect(new Set(keys).size).toBe(styles.length);
    expect(idsOf(entities, 'IFCCOLOURRGB')).toHaveLength(styles.length);
  });

  it('styles every solid exactly once, through IfcStyledItem, with a shared IfcSurfaceStyle', () => {
    const solids = idsOf(entities, 'IFCEXTRUDEDAREASOLID');
    expect(solids.length).toBeGreaterThan(100);
    for (const solid of solids) expect(entity(styleOfItem.get(solid) as number).type).toBe('IFCSURFACESTYLE');
    expect(styledItems).toHaveLength(solids.length);
    expect(styleOfItem.size).toBe(solids.length);
  });

  it("colours every pipe segment in its fluid's BS 1710 colour", () => {
    const props = propertiesByElement(entities);
    const segments = idsOf(entities, 'IFCPIPESEGMENT');
    expect(segments).toHaveLength(702);
    const fluids = new Set<string>();
    for (const segment of segments) {
      const fluid = props.get(segment)?.get(PROP.fluid) as string;
      fluids.add(fluid);
      const expected = FLUID_PIPE_STYLE[fluid] as StyleKey;
      for (const style of stylesOfElement(segment)) expect(paletteKey(colourOf(style)), fluid).toBe(expected);
    }
    expect(fluids.size).toBeGreaterThanOrEqual(8);
  });

  it('gives every kind of element its own colour: concrete civils, machinery, yellow valves', () => {
    const byType = (type: string) =>
      idsOf(entities, type).map((id) => stylesOfElement(id).map((s) => paletteKey(colourOf(s))));
    expect(byType('IFCWALL').every((keys) => keys.every((k) => k === 'concrete'))).toBe(true);
    expect(byType('IFCPUMP').every((keys) => keys.every((k) => k === 'machinery'))).toBe(true);
    expect(byType('IFCVALVE').every((keys) => keys[0] === 'valve')).toBe(true);
    expect(byType('IFCELECTRICMOTOR').every((keys) => keys.every((k) => k === 'motor'))).toBe(true);
    expect(byType('IFCSLAB').every((keys) => keys.includes('road') && keys.includes('hardstanding'))).toBe(
      true,
    );
  });

  it('shares geometry: identical bodies use one product shape, and every profile and solid is placed', () => {
    const pattern = new RegExp(`^#\\d+=(?:${IFC_ELEMENT_TYPES.join('|')})\\(`, 'gm');
    const elements = text.match(pattern)?.length ?? 0;
    expect(elements).toBe(2000);
    expect(idsOf(entities, 'IFCPRODUCTDEFINITIONSHAPE').length).toBeLessThan(elements / 2);
    expect(text).not.toMatch(/PROFILEDEF\(\.AREA\.,\$,\$/);
    for (const id of idsOf(entities, 'IFCEXTRUDEDAREASOLID')) {
      const [, placement] = refsOf(entity(id)) as [number, number];
      expect(entity(placement).type).toBe('IFCAXIS2PLACEMENT3D');
    }
  });
});
