import type { IdsValue } from './model.ts';

/**
 * Comparing a value found in a model with an IDS value (IDS 1.0, ImplementersDocumentation/DataTypes.md):
 * strings match exactly (case and all); numbers are read as xs:double and reals compared with the standard's
 * tolerance (1e-6 absolute plus 1e-6 relative to the IDS value, on each side); integers exactly; booleans
 * are 'true' / 'false' (or 1 / 0). A restriction's enumeration, pattern, lengths and bounds all apply.
 */

export type Actual = string | number | boolean;
/** How a number found in the model is compared: a real with the tolerance, an integer exactly. */
export type NumberKind = 'real' | 'integer';

const DOUBLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?INF$|^NaN$/;
const INTEGER = /^[+-]?\d+$/;

/** An IDS number (xs:double lexical form), or null. */
export function readDouble(text: string): number | null {
  const t = text.trim();
  if (!DOUBLE.test(t)) return null;
  if (/INF$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (t === 'NaN') return NaN;
  return Number(t);
}
export const isDoubleText = (text: string) => DOUBLE.test(text.trim());
export const isIntegerText = (text: string) => INTEGER.test(text.trim());
export const isBooleanText = (text: string) => ['true', 'false', '1', '0'].includes(text.trim());

/** Rounding slack of the bound itself (a few units in the last place), so a value exactly on it counts. */
const slack = (expected: number) => 4 * Number.EPSILON * Math.max(1, Math.abs(expected));
/** The standard's tolerance around an IDS number. */
export const tolerance = (expected: number) => 1e-6 + 1e-6 * Math.abs(expected);

function sameNumber(actual: number, expected: number, kind: NumberKind): boolean {
  if (kind === 'integer') return actual === expected;
  const t = tolerance(expected) + slack(expected);
  return actual >= expected - t && actual <= expected + t;
}

/** Whether one IDS text (a simpleValue or an enumeration item) equals the actual value. */
export function sameValue(text: string, actual: Actual, kind: NumberKind = 'real'): boolean {
  if (typeof actual === 'string') return actual === text;
  if (typeof actual === 'boolean') {
    const t = text.trim();
    if (t === 'true' || t === '1') return actual;
    if (t === 'false' || t === '0') return !actual;
    return false;
  }
  if (kind === 'integer' && !isIntegerText(text)) return false;
  const expected = readDouble(text);
  if (expected === null || Number.isNaN(expected)) return false;
  return sameNumber(actual, expected, kind);
}

const compiled = new Map<string, RegExp>();

/** XSD regular expressions (implicitly anchored, no ^ $ meaning) as JavaScript ones (compiled once). */
export function xsdPattern(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) compiled.set(pattern, (regex = compileXsdPattern(pattern)));
  return regex;
}

function compileXsdPattern(pattern: string): RegExp {
  // XSD's multi-character escapes \i \c (name characters) have no JavaScript equivalent: approximate them
  const translated = pattern
    .replace(/\\i/g, '[A-Za-z_:]')
    .replace(/\\I/g, '[^A-Za-z_:]')
    .replace(/\\c/g, '[-.0-9A-Za-z_:]')
    .replace(/\\C/g, '[^-.0-9A-Za-z_:]');
  return new RegExp(`^(?:${translated})$`, 'u');
}

function bound(actual: Actual, text: string, test: (a: number, e: number, t: number) => boolean): boolean {
  if (typeof actual !== 'number') return false;
  const expected = readDouble(text);
  if (expected === null || Number.isNaN(expected)) return false;
  return test(actual, expected, tolerance(expected) + slack(expected));
}

/** Whether an actual value satisfies an IDS value. */
export function matches(expected: IdsValue, actual: Actual, kind: NumberKind = 'real'): boolean {
  if (expected.kind === 'simple') return sameValue(expected.value, actual, kind);
  const r = expected;
  if (r.enumeration && !r.enumeration.some((e) => sameValue(e, actual, kind))) return false;
  if (r.pattern) {
    if (typeof actual !== 'string') return false;
    for (const p of r.pattern) {
      try {
        if (!xsdPattern(p).test(actual)) return false;
      } catch {
        return false;
      }
    }
  }
  if (r.length !== undefined || r.minLength !== undefined || r.maxLength !== undefined) {
    const length = typeof actual === 'string' ? [...actual].length : String(actual).length;
    if (r.length !== undefined && length !== Number(r.length)) return false;
    if (r.minLength !== undefined && length < Number(r.minLength)) return false;
    if (r.maxLength !== undefined && length > Number(r.maxLength)) return false;
  }
  const exact = kind === 'integer';
  if (r.minInclusive !== undefined && !bound(actual, r.minInclusive, (a, e, t) => a >= (exact ? e : e - t)))
    return false;
  if (r.maxInclusive !== undefined && !bound(actual, r.maxInclusive, (a, e, t) => a <= (exact ? e : e + t)))
    return false;
  if (r.minExclusive !== undefined && !bound(actual, r.minExclusive, (a, e, t) => a > (exact ? e : e + t)))
    return false;
  if (r.maxExclusive !== undefined && !bound(actual, r.maxExclusive, (a, e, t) => a < (exact ? e : e - t)))
    return false;
  return true;
}

/** A simple value's text, or null for a restriction. */
export const simpleText = (value: IdsValue | undefined): string | null =>
  value?.kind === 'simple' ? value.value : null;

/** Whether a name (an entity, attribute, property set …) satisfies an IDS value, as a string. */
export function matchesName(expected: IdsValue, name: string): boolean {
  return matches(expected, name);
}
