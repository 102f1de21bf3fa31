import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGEND, LegendDataSchema, type LegendData } from './index.ts';

const clone = (): LegendData => structuredClone(DEFAULT_LEGEND);
const problem = (json: unknown) => {
  const parsed = LegendDataSchema.safeParse(json);
  return parsed.success ? null : parsed.error.issues;
};

describe('the default P&ID legend', () => {
  it('has the 38 fluid codes, the 13 the spec names among them', () => {
    expect(DEFAULT_LEGEND.fluidCodes).toHaveLength(38);
    const byCode = new Map(DEFAULT_LEGEND.fluidCodes.map((f) => [f.fluidCode, f.fluidDescription]));
    expect(
      Object.fromEntries(
        ['AA', 'AC', 'AL', 'BG', 'CG', 'DR', 'FE', 'IA', 'PW', 'RS', 'SL', 'ST', 'XS'].map((c) => [
          c,
          byCode.get(c),
        ]),
      ),
    ).toEqual({
      AA: 'Ambient Air',
      AC: 'Acid',
      AL: 'Alum',
      BG: 'Biogas',
      CG: 'Chlorine Gas',
      DR: 'Drainage',
      FE: 'Final Effluent',
      IA: 'Instrument Air',
      PW: 'Potable Water',
      RS: 'Raw Sewage',
      SL: 'Sludge',
      ST: 'Steam',
      XS: 'Screened Sewage',
    });
  });

  it('has about 44 pipe materials in the spec families', () => {
    const codes = DEFAULT_LEGEND.pipeMaterials.map((m) => m.materialCode);
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(codes.length).toBeLessThanOrEqual(48);
    for (const code of ['DISS', 'DISF', 'DIWS', 'DIWF', 'CSEC', 'CS', 'CSG']) expect(codes).toContain(code);
    const descriptions = DEFAULT_LEGEND.pipeMaterials.map((m) => m.materialDescription).join('\n');
    for (const family of [
      'Stainless steel 304',
      'Stainless steel 316',
      'Tru-Bore',
      'threaded',
      'PE80',
      'PE100',
      'PVC-U',
      'Copper',
      'OSMA',
    ])
      expect(descriptions).toContain(family);
    for (const sdr of ['11', '17', '21', '26'])
      for (const colour of ['A', 'U']) expect(codes).toContain(`PE100-${sdr}${colour}`);
  });

  it('has unique codes', () => {
    const fluids = DEFAULT_LEGEND.fluidCodes.map((f) => f.fluidCode);
    const materials = DEFAULT_LEGEND.pipeMaterials.map((m) => m.materialCode);
    expect(new Set(fluids).size).toBe(fluids.length);
    expect(new Set(materials).size).toBe(materials.length);
  });

  it('guides every class the spec names, with its example values', () => {
    const classes = new Set(DEFAULT_LEGEND.staticPropertyGuide.map((r) => r.ClassName));
    for (const name of [
      'Butterfly Valve (Open)',
      'Butterfly Valve (Closed)',
      'Gate Valve (Open)',
      'Gate Valve (Closed)',
      'Pipeline (Dual Contained)',
      'Pipeline (Future)',
      'Pipeline (Major)',
      'Pipeline (Minor)',
      'Pipeline (Existing Major)',
      'Pipeline (Existing Minor)',
      'Flow Instrument',
      'Level Instrument',
      'Pressure Instrument',
      'Quality Instrument (Analyser)',
    ])
      expect(classes, name).toContain(name);
    const values = (className: string, property: string) =>
      DEFAULT_LEGEND.staticPropertyGuide
        .filter((r) => r.ClassName === className && r.PropertyName === property)
        .map((r) => r.Value);
    expect(values('Gate Valve (Closed)', 'Head Works Specification')).toEqual([
      'Chain',
      'Electric Actuator',
      'Stem Cap',
      'Hand Wheel',
    ]);
    expect(values('Gate Valve (Open)', 'Gear Box Required')).toEqual(['Yes', 'No']);
    expect(values('Gate Valve (Open)', 'Valve Type')).toEqual(['Gate', 'Knife Gate']);
    expect(values('Pipeline (Major)', 'Above Ground / Below Ground')).toEqual(['AG', 'BG']);
    expect(values('Level Instrument', 'Transmitter Mounting Location')).toEqual(['NA', 'Field', 'Remote']);
    expect(values('Pipeline (Minor)', 'Size (NB or OD) (mm or inches)').join(' ')).toMatch(
      /OD for plastic.*NB for/,
    );
  });

  it('says the maximum fluid operating pressure is -1 to 16 barg', () => {
    const pressure = DEFAULT_LEGEND.staticPropertyGuide.filter((r) =>
      r.PropertyName.startsWith('Maximum Fluid Operating Pressure'),
    );
    expect(pressure.length).toBeGreaterThan(0);
    for (const row of pressure) expect(row.Value).toBe('-1 to 16 barg');
  });
});

describe('LegendDataSchema', () => {
  it('refuses a duplicate fluid code, naming it', () => {
    const legend = clone();
    legend.fluidCodes.push({ fluidCode: 'RS', fluidDescription: 'Raw Sewage again' });
    const issues = problem(legend)!;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(['fluidCodes', 38, 'fluidCode']);
    expect(issues[0]!.message).toMatch(/duplicate fluid code 'RS' \(also at fluidCodes\.\d+\)/);
  });

  it('refuses a duplicate pipe material code and a repeated guide row, naming them', () => {
    const legend = clone();
    legend.pipeMaterials.push({ materialCode: 'DISF', materialDescription: 'again' });
    legend.staticPropertyGuide.push(legend.staticPropertyGuide[0]!);
    const messages = problem(legend)!.map((i) => i.message);
    expect(messages[0]).toContain("duplicate pipe material code 'DISF'");
    expect(messages[1]).toContain(
      `duplicate static property guide row 'Butterfly Valve (Open) / Drilling Specification`,
    );
  });

  it('refuses a bad fluid code and a wrong version', () => {
    const legend = clone();
    legend.fluidCodes[0]!.fluidCode = 'rs';
    expect(problem(legend)![0]!.path).toEqual(['fluidCodes', 0, 'fluidCode']);
    expect(problem({ ...clone(), version: 2 })![0]!.path).toEqual(['version']);
    expect(problem(clone())).toBeNull();
  });
});
