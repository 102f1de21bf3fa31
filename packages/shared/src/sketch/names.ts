// Sketch names (engineering spec §3 'Sketch', §4 'View'): a sketch is stored as 'name - local date-time' and
// loading puts the part before ' - ' back in the name field.
import { SKETCH_LIMITS } from './schema.ts';

const SEPARATOR = ' - ';

/** The stored DrawingName: the typed name, trimmed, then ' - ' and the local date and time. */
export function formatDrawingName(name: string, when: Date = new Date(), locale = 'en-GB'): string {
  const stamp = when.toLocaleString(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return `${name.trim()}${SEPARATOR}${stamp}`;
}

/**
 * The name a user typed, from a stored DrawingName: the part before the last ' - ' (the date-time never
 * holds one, so a name such as 'Inlet - works' survives, where the spec's first-split would cut it).
 * A name without a date-time is returned whole.
 */
export function sketchBaseName(drawingName: string): string {
  const at = drawingName.lastIndexOf(SEPARATOR);
  return (at > 0 ? drawingName.slice(0, at) : drawingName).trim();
}

/** The problem with a typed name, or null (empty or too long). */
export function drawingNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Drawing name empty';
  if (trimmed.length > SKETCH_LIMITS.maxNameLength)
    return `A drawing name has at most ${SKETCH_LIMITS.maxNameLength} characters`;
  return null;
}
