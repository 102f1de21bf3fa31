import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  it('prints a UTC day, or a UTC minute, of a moment', () => {
    expect(formatDate('2026-11-23T09:41:12.000Z', 'day')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T09:41:12.000Z', 'dayTimeUtc')).toBe('2026-11-23 09:41 UTC');
    expect(formatDate(new Date('2026-11-23T23:59:00Z'), 'day')).toBe('2026-11-23');
  });

  it('prints local days as yyyy-mm-dd and dd/mm/yyyy', () => {
    const local = new Date(2026, 0, 5, 23, 30);
    expect(formatDate(local, 'localDay')).toBe('2026-01-05');
    expect(formatDate(local, 'localDayDmy')).toBe('05/01/2026');
  });

  it('keeps a date-only text as its calendar day and any other text as it is', () => {
    expect(formatDate('2026-11-23', 'day')).toBe('2026-11-23');
    expect(formatDate('2026-11-23', 'dayTimeUtc')).toBe('2026-11-23');
    expect(formatDate('2026-11-23', 'localDayDmy')).toBe('23/11/2026');
    expect(formatDate('not a date', 'day')).toBe('not a date');
    expect(formatDate(' ', 'day')).toBe('');
    expect(formatDate(undefined, 'day')).toBe('');
    expect(formatDate(new Date(Number.NaN), 'localDay')).toBe('');
  });
});
