/** Tag, line number and drawing number conventions. */

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Running numbers per prefix and site area: 'P-1001', 'P-1002', ... 'LT-3001'; widens past 999. */
export class TagBook {
  private readonly counters = new Map<string, number>();

  next(prefix: string, area: number): string {
    return `${prefix}-${area}${pad(this.count(`${prefix}|${area}`), 3)}`;
  }

  /** A pipeline line number such as '150-WW-1001' (size, fluid code, area and running number). */
  lineNumber(size: number, fluid: string, area: number): string {
    return `${size}-${fluid}-${area}${pad(this.count(`line|${area}`), 3)}`;
  }

  private count(key: string): number {
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return n;
  }
}

/** Initials of a works name: 'Ravensworth Water Treatment Works' -> 'RWTW'. */
export function initials(name: string): string {
  const letters = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word[0] as string).toUpperCase())
    .join('');
  return letters.slice(0, 6) || 'WTW';
}

/** A P&ID drawing number such as 'RWTW-PID-0101': area then sheet, two digits each (widening past 99). */
export function drawingNumber(prefix: string, area: number, sheet: number): string {
  return `${prefix}-${pad(area, 2)}${pad(sheet, 2)}`;
}

export const DEFAULT_WORKS_NAME = 'Ravensworth Water Treatment Works';
