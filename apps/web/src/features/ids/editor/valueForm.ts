import type { IdsRestriction, IdsValue } from '@penstock/ids/document';

/**
 * An IDS value (a simpleValue or an xs:restriction) as the editor's value field shows it: one of a few
 * plain ways to say what is accepted. A restriction the editor has no way for (a length, digits, a mix) is
 * 'other': shown as read and kept unchanged until another way is chosen.
 */
export type ValueMode = 'any' | 'exact' | 'oneOf' | 'pattern' | 'range' | 'other';

export const VALUE_MODE_LABELS: Record<ValueMode, string> = {
  any: 'Any value',
  exact: 'Exactly',
  oneOf: 'One of',
  pattern: 'Matching a pattern',
  range: 'Between',
  other: 'As written in the file',
};

/** The restriction's base types the editor offers (xs: without its prefix). */
export const BASES = ['string', 'double', 'integer', 'boolean'] as const;
export type Base = (typeof BASES)[number];

const BOUND_KEYS = ['minInclusive', 'minExclusive', 'maxInclusive', 'maxExclusive'] as const;
const OTHER_KEYS = ['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits'] as const;

const has = (r: IdsRestriction, keys: readonly (keyof IdsRestriction)[]) =>
  keys.some((key) => r[key] !== undefined);

/** How the field shows a value (absent: 'any'). */
export function modeOf(value: IdsValue | undefined): ValueMode {
  if (!value) return 'any';
  if (value.kind === 'simple') return 'exact';
  const kinds = [
    value.enumeration !== undefined,
    value.pattern !== undefined,
    has(value, BOUND_KEYS),
    has(value, OTHER_KEYS),
  ];
  // a range whose bounds were all cleared is still a range being written
  if (!kinds.some(Boolean) && (value.base === 'double' || value.base === 'integer')) return 'range';
  if (kinds.filter(Boolean).length !== 1 || kinds[3]) return 'other';
  if (kinds[0]) return 'oneOf';
  if (kinds[1]) return (value.pattern?.length ?? 0) === 1 ? 'pattern' : 'other';
  return 'range';
}

/** The texts a value holds, to carry over when the way of saying it changes. */
function textsOf(value: IdsValue | undefined): string[] {
  if (!value) return [];
  if (value.kind === 'simple') return value.value ? [value.value] : [];
  return [...(value.enumeration ?? []), ...(value.pattern ?? [])].filter(Boolean);
}

/** The value in another mode, keeping what can be kept (the first text, the list, the base). */
export function switchMode(value: IdsValue | undefined, mode: ValueMode): IdsValue | undefined {
  if (mode === modeOf(value)) return value;
  const texts = textsOf(value);
  const base = value?.kind === 'restriction' ? value.base : null;
  switch (mode) {
    case 'any':
      return undefined;
    case 'exact':
      return { kind: 'simple', value: texts[0] ?? '' };
    case 'oneOf':
      return { kind: 'restriction', base: base ?? 'string', enumeration: texts.length ? texts : [''] };
    case 'pattern':
      return { kind: 'restriction', base: 'string', pattern: [texts[0] ?? '.*'] };
    case 'range':
      return {
        kind: 'restriction',
        base: base === 'integer' ? 'integer' : 'double',
        minInclusive: '0',
      };
    case 'other':
      return value;
  }
}

/** One bound of a range: its number as written and whether the bound itself is accepted. */
export interface Bound {
  value: string;
  inclusive: boolean;
}

export function boundsOf(r: IdsRestriction): { lower: Bound | null; upper: Bound | null } {
  const bound = (inclusive: string | undefined, exclusive: string | undefined): Bound | null =>
    inclusive !== undefined
      ? { value: inclusive, inclusive: true }
      : exclusive !== undefined
        ? { value: exclusive, inclusive: false }
        : null;
  return {
    lower: bound(r.minInclusive, r.minExclusive),
    upper: bound(r.maxInclusive, r.maxExclusive),
  };
}

/** A range restriction from its bounds (null: no bound on that side). */
export function withBounds(r: IdsRestriction, lower: Bound | null, upper: Bound | null): IdsRestriction {
  const { minInclusive: _a, minExclusive: _b, maxInclusive: _c, maxExclusive: _d, ...rest } = r;
  return {
    ...rest,
    ...(lower ? { [lower.inclusive ? 'minInclusive' : 'minExclusive']: lower.value } : {}),
    ...(upper ? { [upper.inclusive ? 'maxInclusive' : 'maxExclusive']: upper.value } : {}),
  };
}

/** A value in a few words (lists, the 'as written' mode, the results). */
export function describeValue(value: IdsValue | undefined): string {
  if (!value) return 'any value';
  if (value.kind === 'simple') return `'${value.value}'`;
  const parts: string[] = [];
  if (value.enumeration) parts.push(`one of ${value.enumeration.map((v) => `'${v}'`).join(', ')}`);
  if (value.pattern) parts.push(value.pattern.map((p) => `matching /${p}/`).join(' and '));
  const { lower, upper } = boundsOf(value);
  if (lower) parts.push(`${lower.inclusive ? '≥' : '>'} ${lower.value}`);
  if (upper) parts.push(`${upper.inclusive ? '≤' : '<'} ${upper.value}`);
  if (value.length !== undefined) parts.push(`${value.length} characters long`);
  if (value.minLength !== undefined) parts.push(`at least ${value.minLength} characters`);
  if (value.maxLength !== undefined) parts.push(`at most ${value.maxLength} characters`);
  if (value.totalDigits !== undefined) parts.push(`${value.totalDigits} digits in all`);
  if (value.fractionDigits !== undefined) parts.push(`${value.fractionDigits} decimals`);
  const text = parts.join(', ') || 'any value';
  return value.base ? `${text} (${value.base})` : text;
}

/** Why a value cannot be written as it is, or null. `what` names the field in the message. */
export function valueProblem(value: IdsValue | undefined, what: string): string | null {
  if (!value) return null;
  if (value.kind === 'simple') return value.value.trim() ? null : `${what}: enter a value`;
  if (value.enumeration && (!value.enumeration.length || value.enumeration.some((v) => !v.trim())))
    return `${what}: fill in or remove the empty choice`;
  for (const pattern of value.pattern ?? []) {
    if (!pattern.trim()) return `${what}: enter a pattern`;
    try {
      new RegExp(pattern, 'u');
    } catch {
      return `${what}: '${pattern}' is not a pattern that can be read`;
    }
  }
  const { lower, upper } = boundsOf(value);
  const numeric = (bound: Bound | null) =>
    bound === null || /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(bound.value);
  if (modeOf(value) === 'range' && !lower && !upper) return `${what}: give a lower or an upper bound`;
  if (!numeric(lower) || !numeric(upper)) return `${what}: the bounds must be numbers`;
  if (value.base === 'integer' && [lower, upper].some((b) => b && !/^[+-]?\d+$/.test(b.value)))
    return `${what}: the bounds of whole numbers must be whole numbers`;
  if (lower && upper && Number(lower.value) > Number(upper.value))
    return `${what}: the lower bound is above the upper one`;
  return null;
}
