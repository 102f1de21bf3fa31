import { describe, expect, it } from 'vitest';
import {
  SYMBOL_CATALOGUE,
  SYMBOL_GROUPS,
  STATIC_PROPERTY_LABELS,
  searchSymbols,
  symbolCatalogueEntrySchema,
  symbolGroupSlug,
  symbolStaticProps,
  type SymbolCatalogueEntry,
} from './index.ts';

// The on-disk checks (every src file exists, licences shipped) live in tools/symbols/src/catalogue.test.ts,
// because shared is kept free of Node imports.

describe('symbol groups', () => {
  it('are the 26 groups of the spec, in order', () => {
    expect(SYMBOL_GROUPS).toEqual([
      'Pumps/Fans/Blower/Compressors',
      'Motors/Drives',
      'Heat Exchangers',
      'Conveyors',
      'Mixers',
      'Screens',
      'Aerators',
      'Burners',
      'Pipelines',
      'Signal Lines',
      'Valves',
      'Valve Operators',
      'Pipeline Symbols',
      'Inline Equipment',
      'Instruments',
      'Tanks/Vessels',
      'Grit Handling',
      'Presses',
      'Emergency Equipment',
      'Sample Equipment',
      'Page Connectors & Demarcations',
      'Vehicles',
      'Packaged Equipment',
      'WNI Assemblies',
      'WRNI Assemblies',
      'P Scheme Green Boxes',
    ]);
  });
});

describe('symbol catalogue', () => {
  it('has valid entries with contiguous ids img1..imgN in group order', () => {
    // img1 to img461 is the spec's size; the library may hold more.
    expect(SYMBOL_CATALOGUE.length).toBeGreaterThanOrEqual(461);
    SYMBOL_CATALOGUE.forEach((entry, i) => {
      expect(symbolCatalogueEntrySchema.safeParse(entry).success, entry.id).toBe(true);
      expect(entry.id).toBe(`img${i + 1}`);
    });
    const groupIndexes = SYMBOL_CATALOGUE.map((e) => SYMBOL_GROUPS.indexOf(e.group));
    expect(groupIndexes).toEqual([...groupIndexes].sort((a, b) => a - b));
  });

  it('has symbols in every one of the 26 groups, in the group folder of the image path', () => {
    for (const group of SYMBOL_GROUPS) {
      const entries = SYMBOL_CATALOGUE.filter((e) => e.group === group);
      expect(entries.length, group).toBeGreaterThan(0);
      for (const e of entries)
        expect(e.src.startsWith(`/symbols/${symbolGroupSlug(group)}/`), e.id).toBe(true);
    }
  });

  it('has a pipeline symbol for each pipeline class of the static property guide, with the pipeline labels', () => {
    for (const name of [
      'Pipeline (Dual Contained)',
      'Pipeline (Existing Major)',
      'Pipeline (Existing Minor)',
      'Pipeline (Future)',
      'Pipeline (Major)',
      'Pipeline (Minor)',
    ]) {
      const entry = SYMBOL_CATALOGUE.find((e) => e.category === name);
      expect(entry?.group, name).toBe('Pipelines');
      expect(symbolStaticProps(entry!)).toEqual([...STATIC_PROPERTY_LABELS.pipeline]);
    }
    expect(
      SYMBOL_CATALOGUE.filter((e) => e.group === 'Pipelines').every(
        (e) => e.StaticProps1 === 'Above Ground / Below Ground',
      ),
    ).toBe(true);
  });

  it('has unique names and image paths', () => {
    expect(new Set(SYMBOL_CATALOGUE.map((e) => e.category.toLowerCase())).size).toBe(SYMBOL_CATALOGUE.length);
    expect(new Set(SYMBOL_CATALOGUE.map((e) => e.src)).size).toBe(SYMBOL_CATALOGUE.length);
  });

  it('gives gate valves the spec static property labels', () => {
    const gate = SYMBOL_CATALOGUE.find((e) => e.category === 'Gate Valve');
    expect(gate).toBeDefined();
    expect(gate).toMatchObject({
      group: 'Valves',
      StaticProps1: 'Drilling Specification',
      StaticProps2: 'Gear Box Required',
      StaticProps3: 'Head Works Specification',
      StaticProps4: 'Valve Orientation',
      StaticProps5: 'Valve Type',
    });
    expect(gate!.StaticProps6).toBeUndefined();
  });

  it('gives butterfly valves, pipelines and instruments their labels', () => {
    const byName = (name: string) => SYMBOL_CATALOGUE.find((e) => e.category === name)!;
    expect(symbolStaticProps(byName('Butterfly Valve 1'))).toEqual([
      'Drilling Specification',
      'Head Works Specification',
    ]);
    expect(symbolStaticProps(byName('Pipeline'))).toEqual([...STATIC_PROPERTY_LABELS.pipeline]);
    expect(symbolStaticProps(byName('Level Transmitter 1'))).toContain('Sensor Mount Type');
    expect(symbolStaticProps(byName('Flow Transmitter'))).toContain('Transmitter Mounting Location');
    expect(symbolStaticProps(byName('Pressure Indicator'))).toEqual([
      'Instrument Type',
      'Process Range - Maximum',
      'Process Range - Minimum',
      'Size',
    ]);
    expect(symbolStaticProps(byName('Analyzer Transmitter'))).toHaveLength(3);
    expect(symbolStaticProps(byName('Orifice Plate'))).toEqual([...STATIC_PROPERTY_LABELS.orificePlate]);
    expect(symbolStaticProps(byName('Cavity Pump'))).toEqual([]);
  });
});

describe('searchSymbols', () => {
  const entry = (
    id: number,
    group: SymbolCatalogueEntry['group'],
    category: string,
  ): SymbolCatalogueEntry => ({
    id: `img${id}`,
    group,
    category,
    src: `/symbols/x/${id}.svg`,
  });
  const small = [
    entry(1, 'Pumps/Fans/Blower/Compressors', 'Centrifugal Pump'),
    entry(2, 'Pumps/Fans/Blower/Compressors', 'Fan'),
    entry(3, 'Valves', 'Gate Valve'),
    entry(4, 'Tanks/Vessels', 'Sump Pump Chamber'),
  ];

  it('matches case-insensitively and keeps only groups with matches, in group order', () => {
    const result = searchSymbols(small, 'PUMP');
    expect(result.map((g) => g.group)).toEqual(['Pumps/Fans/Blower/Compressors', 'Tanks/Vessels']);
    expect(result[0]!.symbols.map((s) => s.category)).toEqual(['Centrifugal Pump']);
    expect(searchSymbols(small, 'gate valve')[0]!.symbols[0]!.id).toBe('img3');
  });

  it('returns nothing for no match and every non-empty group for blank text', () => {
    expect(searchSymbols(small, 'zzz')).toEqual([]);
    expect(searchSymbols(small, '  ').map((g) => g.symbols.length)).toEqual([2, 1, 1]);
  });

  it('finds pumps in the real catalogue by capitals', () => {
    const result = searchSymbols(SYMBOL_CATALOGUE, 'PUMP');
    expect(result[0]!.group).toBe('Pumps/Fans/Blower/Compressors');
    expect(result[0]!.symbols.length).toBeGreaterThan(10);
    expect(result.map((g) => g.group)).not.toContain('Valves');
  });
});
