import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

const local = new Date(2026, 10, 21, 14, 5, 33);
const morning = new Date(2026, 0, 5, 9, 7, 3);

describe('formatDate', () => {
  it('shows the en-GB day and time formats in local time', () => {
    expect(formatDate(local.toISOString(), 'date')).toBe('21/11/2026');
    expect(formatDate(local.toISOString(), 'date-time')).toBe('21/11/2026 14:05');
    expect(formatDate(morning.toISOString(), 'date-time')).toBe('05/01/2026 09:07');
    expect(formatDate(local.toISOString(), 'date-time-seconds')).toBe('21/11/2026 14:05:33');
    expect(formatDate(local.toISOString(), 'date, time')).toBe('21/11/2026, 14:05');
    expect(formatDate(morning, 'date, time-seconds')).toBe('05/01/2026, 09:07:03');
    expect(formatDate(morning.getTime(), 'iso-date')).toBe('2026-01-05');
  });

  it('matches what en-GB toLocale* wrote before', () => {
    expect(formatDate(local, 'date')).toBe(local.toLocaleDateString('en-GB'));
    expect(formatDate(local, 'date, time-seconds')).toBe(local.toLocaleString('en-GB'));
    expect(formatDate(local, 'date, time')).toBe(
      local.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }),
    );
    expect(formatDate(local, 'date-time-seconds')).toBe(
      `${local.toLocaleDateString('en-GB')} ${local.toLocaleTimeString('en-GB')}`,
    );
  });

  it('shows UTC days and times', () => {
    expect(formatDate('2026-11-23T14:05:09Z', 'utc-date')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T14:05:09Z', 'utc-date-time')).toBe('2026-11-23 14:05 UTC');
  });

  it('shows a bare day as that calendar day, whatever the time zone', () => {
    expect(formatDate('2026-11-25', 'date')).toBe('25/11/2026');
    expect(formatDate('2026-11-25', 'iso-date')).toBe('2026-11-25');
    expect(formatDate('2026-11-25', 'utc-date')).toBe('2026-11-25');
    expect(formatDate('2026-11-25', 'utc-date-time')).toBe('2026-11-25');
  });

  it('uses the browser locale for the locale formats', () => {
    expect(formatDate(local, 'locale-date')).toBe(local.toLocaleDateString());
    expect(formatDate(local, 'locale-date-time')).toBe(local.toLocaleString());
    expect(formatDate(local, 'locale-medium')).toBe(
      local.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDate(local, 'locale-medium-date')).toBe(
      local.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
    );
  });

  it('is empty when missing and shows unreadable text as it is', () => {
    expect(formatDate(null, 'date')).toBe('');
    expect(formatDate(undefined, 'date-time')).toBe('');
    expect(formatDate('', 'date-time')).toBe('');
    expect(formatDate('not a date', 'date-time')).toBe('not a date');
    expect(formatDate(Number.NaN, 'date')).toBe('');
  });
});
