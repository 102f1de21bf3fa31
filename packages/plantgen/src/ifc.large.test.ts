import { describe, expect, it } from 'vitest';
import { generatePlantIfc } from './ifc.ts';
import { IFC_ELEMENT_TYPES } from './plant/types.ts';

describe('a 100,000-element plant', () => {
  it('generates as one string with exactly 100,000 physical elements', { timeout: 120_000 }, () => {
    const text = generatePlantIfc({ elements: 100_000, seed: 11 });
    const pattern = new RegExp(`^#\\d+=(?:${IFC_ELEMENT_TYPES.join('|')})\\(`, 'gm');
    let count = 0;
    while (pattern.exec(text)) count++;
    expect(count).toBe(100_000);
    expect(text.endsWith('END-ISO-10303-21;\n')).toBe(true);
  });
});
