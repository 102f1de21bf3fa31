import type { ZodType, z } from 'zod';
import { badRequest } from '../../http/errors.ts';

/**
 * A text field the spec sends JSON-encoded (savefeedback's Feature, User, Feedback: '"Other"'). Text that
 * is a JSON string is decoded; any other text is taken as typed, so a plain form works too.
 */
export function decodedText(value: unknown, raw: boolean): unknown {
  if (!raw || typeof value !== 'string') return value;
  try {
    const decoded: unknown = JSON.parse(value);
    return typeof decoded === 'string' ? decoded : value;
  } catch {
    return value;
  }
}

/**
 * A JSON field (savefeedbackcomment's Data and Deleted) checked by a schema: text is parsed (400 naming
 * the field when it is not JSON), a JSON body's value is taken as it is; absent gives `fallback`.
 */
export function jsonFieldOf<S extends ZodType>(
  name: string,
  value: unknown,
  schema: S,
  fallback?: z.input<S>,
): z.output<S> {
  let json: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') json = undefined;
    else
      try {
        json = JSON.parse(value);
      } catch (error) {
        throw badRequest(
          `${name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
  }
  if (json === undefined || json === null) {
    if (fallback === undefined) throw badRequest(`Send ${name}`);
    json = fallback;
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = (issue?.path ?? [])
    .map((step) => (typeof step === 'number' ? `[${step}]` : `.${String(step)}`))
    .join('');
  throw badRequest(`${name}${where}: ${issue?.message ?? 'Invalid input'}`);
}

/** The 413 wording of a feedback call. */
export const FEEDBACK_REQUEST = 'A feedback request';
