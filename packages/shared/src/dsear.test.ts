import { describe, expect, it } from 'vitest';
import {
  DsearApproveSchema,
  DsearEntryInputSchema,
  DsearGetSchema,
  EMPTY_DSEAR_FILTERS,
  canApprove,
  dsearApprovalRefusal,
  dsearFilterOptions,
  entryDay,
  entryRag,
  filterDsearRegister,
  formRag,
  matchesDsearFilters,
  personOptionLabel,
  practitionerFlagOf,
  type DsearEntry,
  type DsearFilters,
} from './dsear.ts';

const yes = { dsearIden: 'YES', dsearImp: 'YES', dsearSpec: 'YES', dsearApp: 'YES' } as const;

const line = (extra: Partial<DsearEntry>): DsearEntry => ({
  id: 'd.00000000-0000-0000-0000-000000000000',
  projectId: 'b.1',
  projectName: 'Riverside Water Treatment Works Upgrade',
  date: '2026-11-21T10:00:00.000Z',
  tm: 'Tom Hughes',
  tmRag: 'AMBER',
  sdms: [{ email: 'sdm@penstock.demo', name: 'Sara Patel', status: 'Pending', approveDate: null }],
  leadEngineer: '',
  practitioner: '',
  practionerFlag: 'NO',
  flidsRisk: 'Orange',
  flidsOutcome: 'Zone 1',
  dsearZone: [
    { zone: 'TPS', rating: 'Zone 1', other: '' },
    { zone: 'PST', rating: 'Zone 2', other: '' },
  ],
  ...yes,
  ...extra,
});

const filters = (extra: Partial<DsearFilters>): DsearFilters => ({ ...EMPTY_DSEAR_FILTERS, ...extra });

describe('DSEAR RAG', () => {
  it('is AMBER in the form only when all four questions are YES, otherwise RED', () => {
    expect(formRag(yes)).toBe('AMBER');
    for (const key of Object.keys(yes) as Array<keyof typeof yes>)
      expect(formRag({ ...yes, [key]: 'NO' })).toBe('RED');
    expect(formRag({ dsearIden: 'NO', dsearImp: 'NO', dsearSpec: 'NO', dsearApp: 'NO' })).toBe('RED');
  });

  it('is GREEN for a stored entry only when amber and every listed manager approved', () => {
    const approved = { status: 'Approved' };
    const pending = { status: 'Pending' };
    expect(entryRag({ ...yes, sdms: [approved, approved] })).toBe('GREEN');
    expect(entryRag({ ...yes, sdms: [approved, pending] })).toBe('AMBER');
    expect(entryRag({ ...yes, sdms: [] })).toBe('AMBER');
    expect(entryRag({ ...yes, dsearApp: 'NO', sdms: [approved] })).toBe('RED');
  });
});

describe('practitionerFlagOf', () => {
  it('is YES exactly when a practitioner is recorded', () => {
    expect(practitionerFlagOf('pat@example.com')).toBe('YES');
    expect(practitionerFlagOf('')).toBe('NO');
    expect(practitionerFlagOf('   ')).toBe('NO');
    expect(practitionerFlagOf(null)).toBe('NO');
    expect(practitionerFlagOf(undefined)).toBe('NO');
  });
});

describe('canApprove', () => {
  const entry = {
    ...yes,
    sdms: [
      { email: 'sdm@penstock.demo', name: 'Sara', status: 'Pending', approveDate: null },
      { email: 'done@penstock.demo', name: 'Dan', status: 'Approved', approveDate: '2026-11-21' },
    ],
  };
  it('shows Approve only to a listed manager whose line is not approved', () => {
    expect(canApprove(entry, 'sdm@penstock.demo')).toBe(true);
    expect(canApprove(entry, ' SDM@Penstock.demo ')).toBe(true);
    expect(canApprove(entry, 'done@penstock.demo')).toBe(false);
    expect(canApprove(entry, 'tm@penstock.demo')).toBe(false);
  });

  it('does not offer Approve on a RED entry, which the server refuses (409)', () => {
    for (const key of Object.keys(yes) as Array<keyof typeof yes>) {
      const red = { ...entry, [key]: 'NO' as const };
      expect(canApprove(red, 'sdm@penstock.demo')).toBe(false);
      expect(dsearApprovalRefusal(red, 'sdm@penstock.demo')).toBe('red');
    }
  });

  it('gives the reason the server answers with', () => {
    expect(dsearApprovalRefusal(entry, 'sdm@penstock.demo')).toBeNull();
    expect(dsearApprovalRefusal(entry, 'done@penstock.demo')).toBe('already-approved');
    expect(dsearApprovalRefusal(entry, 'tm@penstock.demo')).toBe('not-listed');
    // a manager who is not listed is refused for that before the RAG is looked at
    expect(dsearApprovalRefusal({ ...entry, dsearApp: 'NO' }, 'tm@penstock.demo')).toBe('not-listed');
  });
});

describe('register filters', () => {
  const a = line({});
  const b = line({
    id: 'd.b',
    projectName: 'Northbrook Sewage Pumping Station',
    tm: 'Erin Walsh',
    tmRag: 'RED',
    flidsRisk: '',
    flidsOutcome: 'Zone 2',
    sdms: [{ email: 'other@penstock.demo', name: 'Otto', status: 'Pending', approveDate: null }],
    dsearZone: [{ zone: 'TPS', rating: 'Zone 2', other: '' }],
    date: '2026-10-01T10:00:00.000Z',
  });
  const ids = (f: Partial<DsearFilters>) => filterDsearRegister([a, b], filters(f)).map((e) => e.id);

  it('matches everything with empty filters', () => {
    expect(ids({})).toEqual([a.id, b.id]);
  });

  it('matches text filters as case-insensitive substrings', () => {
    expect(ids({ projectName: 'riverSIDE' })).toEqual([a.id]);
    expect(ids({ projectName: '  station ' })).toEqual([b.id]);
    expect(ids({ tm: 'HUGH' })).toEqual([a.id]);
    expect(ids({ tm: 'nobody' })).toEqual([]);
  });

  it('matches the date input against the entry’s day', () => {
    expect(ids({ date: entryDay(a.date) })).toEqual([a.id]);
    expect(ids({ date: '2001-01-01' })).toEqual([]);
    expect(entryDay('not a date')).toBe('not a date');
  });

  it('matches managers, FLIDS risk, FLIDS outcome and TM RAG when ANY selected value matches', () => {
    expect(ids({ sdms: ['sdm@penstock.demo', 'other@penstock.demo'] })).toEqual([a.id, b.id]);
    expect(ids({ sdms: ['OTHER@penstock.demo'] })).toEqual([b.id]);
    expect(ids({ flidsRisk: ['orange', 'Red'] })).toEqual([a.id]);
    expect(ids({ flidsOutcome: ['Zone 1', 'Zone 2'] })).toEqual([a.id, b.id]);
    expect(ids({ tmRag: ['RED'] })).toEqual([b.id]);
    expect(ids({ tmRag: ['GREEN'] })).toEqual([]);
  });

  it('matches zones and ratings only when EVERY selected value is on the entry', () => {
    expect(ids({ zones: ['TPS'] })).toEqual([a.id, b.id]);
    expect(ids({ zones: ['TPS', 'PST'] })).toEqual([a.id]);
    expect(ids({ zones: ['tps', 'Other'] })).toEqual([]);
    expect(ids({ ratings: ['Zone 2'] })).toEqual([a.id, b.id]);
    expect(ids({ ratings: ['Zone 1', 'Zone 2'] })).toEqual([a.id]);
  });

  it('combines filters with AND', () => {
    expect(matchesDsearFilters(a, filters({ projectName: 'river', tmRag: ['RED'] }))).toBe(false);
    expect(matchesDsearFilters(b, filters({ projectName: 'north', tmRag: ['RED'], zones: ['TPS'] }))).toBe(
      true,
    );
  });

  it('builds options from the loaded data: distinct, non-blank, sorted', () => {
    const options = dsearFilterOptions([a, b]);
    expect(options.sdms).toEqual([
      { value: 'other@penstock.demo', label: 'Otto' },
      { value: 'sdm@penstock.demo', label: 'Sara Patel' },
    ]);
    expect(options.flidsRisk).toEqual(['Orange']);
    expect(options.zones).toEqual(['PST', 'TPS']);
    expect(options.ratings).toEqual(['Zone 1', 'Zone 2']);
    expect(options.tmRag).toEqual(['AMBER', 'RED']);
  });
});

describe('DSEAR schemas', () => {
  const valid = {
    projectName: 'Riverside',
    tm: 'Tom Hughes',
    sdms: [{ email: 'SDM@penstock.demo' }],
    practionerFlag: 'YES',
    practitioner: 'pat@penstock.demo',
    dsearZone: [{ zone: 'Other', rating: '', other: 'Boiler house' }],
    ...yes,
  };

  it('accepts a whole entry, with defaults and lower-cased emails', () => {
    const parsed = DsearEntryInputSchema.parse(valid);
    expect(parsed.sdms).toEqual([{ email: 'sdm@penstock.demo', status: 'Pending', approveDate: null }]);
    expect(parsed.flidsRisk).toBe('');
    expect(parsed.id).toBeUndefined();
    expect(DsearEntryInputSchema.parse({ ...valid, id: '' }).id).toBeUndefined();
  });

  it.each([
    ['a bad answer', { dsearIden: 'maybe' }, 'dsearIden'],
    ['an unknown zone', { dsearZone: [{ zone: 'Moon', rating: '' }] }, 'dsearZone'],
    ['an unknown rating', { dsearZone: [{ zone: 'TPS', rating: 'Zone 9' }] }, 'dsearZone'],
    ['a bad FLIDS risk', { flidsRisk: 'Blue' }, 'flidsRisk'],
    ['a bad FLIDS outcome', { flidsOutcome: 'Zone 3' }, 'flidsOutcome'],
    ['a manager twice', { sdms: [{ email: 'a@b.c' }, { email: 'A@b.c' }] }, 'sdms'],
    ['a manager that is not an email', { sdms: [{ email: 'sara' }] }, 'sdms'],
    ['a flag YES without a practitioner', { practitioner: '' }, 'practitioner'],
    ['a missing technical manager', { tm: ' ' }, 'tm'],
    ['a bad id', { id: 'b.123' }, 'id'],
  ])('rejects %s', (_what, change, path) => {
    const result = DsearEntryInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(String(result.error?.issues[0]?.path[0])).toBe(path);
  });

  it('checks the get and approve payloads', () => {
    expect(DsearGetSchema.safeParse({ projectName: '' }).success).toBe(false);
    expect(DsearApproveSchema.safeParse({ dsearId: 'd.x', email: 'a@b.c' }).success).toBe(false);
    expect(
      DsearApproveSchema.parse({ dsearId: 'd.00000000-0000-0000-0000-000000000000', email: 'A@B.C' }).email,
    ).toBe('a@b.c');
  });

  it('labels a person option as name then email', () => {
    expect(personOptionLabel({ name: 'Sara Patel', email: 'sdm@penstock.demo' })).toBe(
      'Sara Patel sdm@penstock.demo',
    );
  });
});
