/**
 * One way of printing a calculated value, shared by the Calculations panel and the PDF report, so the two
 * never disagree: 4 significant figures (engineering practice for design values), with the unit after it.
 *
 * - Whole numbers below 10 000 print as they are (a count of iterations is not '5.000').
 * - Very small or very large magnitudes (below 1e-4, at or above 1e9) use exponent notation ('1.310e-6'),
 *   where fixed notation would bury the figures in zeros; everything else is fixed ('0.0001000' for a
 *   relative roughness that a two-decimal rounding showed as 0).
 * - Thousands are grouped the British way ('123,500').
 */
export const SIGNIFICANT_FIGURES = 4;

const SMALL = 1e-4;
const LARGE = 1e9;

const fixed = new Intl.NumberFormat('en-GB', {
  minimumSignificantDigits: SIGNIFICANT_FIGURES,
  maximumSignificantDigits: SIGNIFICANT_FIGURES,
});

/** A number to 4 significant figures ('2.500', '0.0001000', '1.310e-6', '123,500'); text is kept as it is. */
export function formatSignificant(value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) && magnitude < 10_000) return String(value);
  if (magnitude !== 0 && (magnitude < SMALL || magnitude >= LARGE))
    return value.toExponential(SIGNIFICANT_FIGURES - 1);
  return fixed.format(value);
}

/** The value to 4 significant figures followed by its unit ('2.500 l/s'); no unit, no trailing space. */
export function formatQuantity(value: number | string, unit: string | undefined | null): string {
  const text = formatSignificant(value);
  const suffix = (unit ?? '').trim();
  return suffix ? `${text} ${suffix}` : text;
}
