import { z } from 'zod';

/**
 * Input helpers shared by the engineering calculations. Form inputs arrive as strings ('12.5'), so numbers
 * are coerced carefully: an empty or blank string counts as missing (never 0), only plain decimal or
 * exponent notation is read ('1e-6', ' 12 ', '-3.5'), and anything else ('1,000', '12abc', '0x10') is left
 * for zod to reject with a message naming the field.
 */

/** Plain decimal or exponent notation, nothing else (no thousands separators, hex, 'Infinity'). */
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A string as a number where it is one; '' / whitespace / null as missing; anything else unchanged. */
export function coerceNumber(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return NUMBER_PATTERN.test(text) ? Number(text) : value;
}

/** A list of numbers from an array or from text separated by commas, semicolons, spaces or new lines. */
export function coerceNumberList(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    return text.split(/[\s,;]+/).map(coerceNumber);
  }
  if (Array.isArray(value)) return value.map(coerceNumber);
  return value;
}

/** A trimmed, lower-case choice ('Circular ' → 'circular'), with '' / whitespace / null counting as missing. */
export function coerceChoice(value: unknown): unknown {
  const text = coerceText(value);
  return typeof text === 'string' ? text.toLowerCase() : text;
}

/** An efficiency as text: '75%' is 75 % and becomes the fraction 0.75; anything else as coerceNumber. */
export function coerceEfficiency(value: unknown): unknown {
  if (typeof value === 'string') {
    const percent = /^(.*\S)\s*%$/.exec(value.trim());
    if (percent?.[1] && NUMBER_PATTERN.test(percent[1])) return Number(percent[1]) / 100;
  }
  return coerceNumber(value);
}

/** A trimmed string, with '' / whitespace / null counting as missing. */
export function coerceText(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
}

const formatLimit = (value: number) => String(value);

/** 'diameter_mm must be between 10 and 5000 mm' */
export const rangeMessage = (name: string, min: number, max: number, unit: string) =>
  `${name} must be between ${formatLimit(min)} and ${formatLimit(max)}${unit ? ` ${unit}` : ''}`;

const typeError = (name: string) => (issue: { input?: unknown }) =>
  issue.input === undefined
    ? `${name} is required`
    : typeof issue.input === 'number'
      ? `${name} must be a finite number`
      : `${name} must be a number (got '${String(issue.input)}')`;

interface NumberFieldOptions {
  /** The unit written after the range in messages ('mm', 'l/s'); '' for none. */
  unit: string;
  min: number;
  max: number;
  /** When true the minimum itself is refused (e.g. a flow must be above 0). */
  minExclusive?: boolean;
  /** Whole numbers only (e.g. a population). */
  integer?: boolean;
  description: string;
}

function numberSchema(name: string, options: NumberFieldOptions) {
  const { unit, min, max } = options;
  const message = options.minExclusive
    ? `${name} must be greater than ${formatLimit(min)} and at most ${formatLimit(max)}${unit ? ` ${unit}` : ''}`
    : rangeMessage(name, min, max, unit);
  let schema = z.number({ error: typeError(name) });
  schema = options.minExclusive ? schema.gt(min, message) : schema.gte(min, message);
  schema = schema.lte(max, message);
  if (options.integer) schema = schema.int(`${name} must be a whole number`);
  return schema;
}

/** A required number within [min, max] (or (min, max]), coerced from form text. */
export const numberField = (name: string, options: NumberFieldOptions) =>
  z.preprocess(coerceNumber, numberSchema(name, options)).describe(options.description);

/** A number within range that takes `fallback` when missing or blank. */
export const numberFieldWithDefault = (name: string, fallback: number, options: NumberFieldOptions) =>
  z.preprocess(coerceNumber, numberSchema(name, options).default(fallback)).describe(options.description);

/** A number within range that may be left out (undefined when missing or blank). */
export const optionalNumberField = (name: string, options: NumberFieldOptions) =>
  z.preprocess(coerceNumber, numberSchema(name, options).optional()).describe(options.description);

/**
 * An efficiency given either as a fraction (0.05 to 1) or as a percentage (5 to 100 %), read as a fraction.
 * A value above 1 is a percentage; 1 itself is 100 %. Values between 1 and 5 are refused rather than
 * guessed at (a 1.5 % efficient machine is almost certainly a typing error). Text with a percent sign
 * ('75%', '1 %') is always a percentage.
 */
function efficiencySchema(name: string) {
  const message = `${name} must be a fraction between 0.05 and 1 or a percentage between 5 and 100 %`;
  return z
    .number({ error: typeError(name) })
    .refine((value) => (value >= 0.05 && value <= 1) || (value >= 5 && value <= 100), message)
    .transform((value) => (value > 1 ? value / 100 : value));
}

export const efficiencyField = (name: string, description: string) =>
  z.preprocess(coerceEfficiency, efficiencySchema(name)).describe(description);

/** As {@link efficiencyField}, but may be left out (undefined when missing or blank). */
export const optionalEfficiencyField = (name: string, description: string) =>
  z.preprocess(coerceEfficiency, efficiencySchema(name).optional()).describe(description);

/** Zod issues as one readable reason: each message once, joined by '; ', at most `limit` of them. */
export function issuesReason(error: z.ZodError, limit = 6): string {
  const messages = error.issues.map((issue) =>
    issue.path.length > 0 && !issue.message.includes(String(issue.path[0]))
      ? `${issue.path.join('.')}: ${issue.message}`
      : issue.message,
  );
  const distinct = [...new Set(messages)];
  const shown = distinct.slice(0, limit).join('; ');
  return distinct.length > limit ? `${shown}; and ${distinct.length - limit} more` : shown;
}

/** Litres per second in one cubic metre per day. */
export const L_S_PER_M3_D = 1000 / 86_400;
/** Standard acceleration due to gravity used throughout (m/s²), as in UK hydraulics texts. */
export const GRAVITY_M_S2 = 9.81;

/**
 * Fills canonical input names from other names the same value may arrive under (e.g. the project data form's
 * `per_capita_flow` for `per_capita_flow_l_head_d`), when the canonical one is missing or blank.
 */
export function withAliases<T extends z.ZodType>(schema: T, aliases: Record<string, readonly string[]>) {
  return z.preprocess((raw: unknown) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const record = raw as Record<string, unknown>;
    const filled: Record<string, unknown> = { ...record };
    for (const [name, others] of Object.entries(aliases)) {
      if (coerceText(filled[name]) !== undefined) continue;
      const found = others.find((other) => coerceText(record[other]) !== undefined);
      if (found !== undefined) filled[name] = record[found];
    }
    return filled;
  }, schema);
}
