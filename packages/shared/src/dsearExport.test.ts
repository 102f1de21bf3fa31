import { describe, expect, it } from 'vitest';
import { EMPTY_DSEAR_FILTERS } from './dsear.ts';
import { DsearExportQuerySchema, dsearExportUrl, entryDayAt } from './dsearExport.ts';

describe('the register export', () => {
  it("puts the register's filters in the address, list filters repeated", () => {
    expect(dsearExportUrl(EMPTY_DSEAR_FILTERS)).toBe('/api/dsear/export');
    expect(
      dsearExportUrl(
        { ...EMPTY_DSEAR_FILTERS, projectName: ' river ', zones: ['PST', 'Storm Tanks'], date: '2026-11-28' },
        -60,
      ),
    ).toBe('/api/dsear/export?projectName=river&date=2026-11-28&tzOffset=-60&zones=PST&zones=Storm+Tanks');
  });

  it('reads the address back into the same filters', () => {
    const query = Object.fromEntries(new URLSearchParams('zones=PST&tmRag=RED&tmRag=AMBER'));
    expect(DsearExportQuerySchema.parse({ ...query, tmRag: ['RED', 'AMBER'] })).toEqual({
      ...EMPTY_DSEAR_FILTERS,
      zones: ['PST'],
      tmRag: ['RED', 'AMBER'],
    });
    expect(DsearExportQuerySchema.safeParse({ date: '28/11/2026' }).success).toBe(false);
    expect(DsearExportQuerySchema.safeParse({ tzOffset: 'east' }).success).toBe(false);
  });

  it("takes the date filter's day in the user's time zone", () => {
    // 23:30 UTC on the 27th is already the 28th in UTC+1 (getTimezoneOffset -60), still the 27th in UTC-5
    expect(entryDayAt('2026-11-27T23:30:00.000Z', -60)).toBe('2026-11-28');
    expect(entryDayAt('2026-11-27T23:30:00.000Z', 300)).toBe('2026-11-27');
    expect(entryDayAt('not a date', 0)).toBe('not a date');
  });
});
