import { describe, expect, it } from 'vitest';
import { SI_PREFIXES, siPrefixFactor } from './siPrefixes.ts';

describe('IFC SI prefixes', () => {
  it('gives the factor of each prefix as IFC writes it, 1 for none and null for a word that is not one', () => {
    expect(siPrefixFactor('MILLI')).toBe(1e-3);
    expect(siPrefixFactor('.KILO.')).toBe(1e3);
    expect(siPrefixFactor('centi')).toBe(1e-2);
    expect(siPrefixFactor('ATTO')).toBe(1e-18);
    expect(siPrefixFactor(null)).toBe(1);
    expect(siPrefixFactor('')).toBe(1);
    expect(siPrefixFactor('INCH')).toBeNull();
    expect(siPrefixFactor('toString')).toBeNull();
    expect(Object.keys(SI_PREFIXES)).toHaveLength(16);
    expect(Object.isFrozen(SI_PREFIXES)).toBe(true);
  });
});
