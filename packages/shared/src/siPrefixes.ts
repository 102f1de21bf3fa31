/**
 * The SI prefixes of IFC (IfcSIPrefix) and the factor each stands for: one table for every reader of an
 * IFC's units (the conversion's georeference, the IDS checker's unit conversion).
 */
export const SI_PREFIXES: Readonly<Record<string, number>> = Object.freeze({
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
  PICO: 1e-12,
  FEMTO: 1e-15,
  ATTO: 1e-18,
});

/**
 * The factor of an IfcSIPrefix ('MILLI', '.MILLI.', any capitals); 1 for none; null for a word that is not
 * a prefix.
 */
export function siPrefixFactor(prefix: string | null | undefined): number | null {
  const word = (prefix ?? '').replace(/\./g, '').trim().toUpperCase();
  if (!word) return 1;
  return Object.hasOwn(SI_PREFIXES, word) ? SI_PREFIXES[word]! : null;
}
