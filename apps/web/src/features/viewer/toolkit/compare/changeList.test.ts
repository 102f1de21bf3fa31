import { describe, expect, it } from 'vitest';
import type { ModelChange } from '@penstock/shared';
import {
  CHANGE_COLOURS,
  COMPARE_LEGEND,
  NO_FILTERS,
  activeFilterCount,
  changeRows,
  changeTarget,
  changesQuery,
  compareAppearance,
  formatValue,
  kindCounts,
} from './changeList.ts';
import { changesXlsxHref } from './compareApi.ts';

const BASE = 'v.11111111-1111-4111-8111-111111111111';
const HEAD = 'v.22222222-2222-4222-8222-222222222222';

const change = (id: number, kind: ModelChange['kind'], extra: Partial<ModelChange> = {}): ModelChange => ({
  id,
  kind,
  globalId: `g${id}`,
  matchedBy: kind === 'changed' ? 'globalId' : null,
  ifcClass: 'IfcPipeSegment',
  name: `Pipe ${id}`,
  tag: null,
  storey: 'Level 0',
  base: kind === 'added' ? null : { versionId: BASE, localId: 100 + id },
  head: kind === 'removed' ? null : { versionId: HEAD, localId: 200 + id },
  aspects: [],
  ...extra,
});

describe('the look of a model compare', () => {
  const changes = [change(1, 'added'), change(2, 'removed'), change(3, 'changed'), change(4, 'changed')];

  it('paints added green and changed amber on the newer model, removed red on the older, and fades the rest', () => {
    const look = compareAppearance(changes, BASE, [101, 102, 103, 104, 105]);
    expect(look.colours).toEqual([
      { colour: CHANGE_COLOURS.added, objects: [{ model: `urn:${HEAD}`, localId: 201 }] },
      { colour: CHANGE_COLOURS.removed, objects: [{ model: `urn:${BASE}`, localId: 102 }] },
      {
        colour: CHANGE_COLOURS.changed,
        objects: [
          { model: `urn:${HEAD}`, localId: 203 },
          { model: `urn:${HEAD}`, localId: 204 },
        ],
      },
    ]);
    // x-ray fades every object but the added and changed ones; the removed one stays a red ghost
    expect(look.xray).toBe(true);
    expect(look.solid).toEqual([
      { model: `urn:${HEAD}`, localId: 201 },
      { model: `urn:${HEAD}`, localId: 203 },
      { model: `urn:${HEAD}`, localId: 204 },
    ]);
    // the removed one is outlined: a clear red ghost with its edges, not x-ray's faint fade
    expect(look.outlined).toEqual([{ model: `urn:${BASE}`, localId: 102 }]);
    // the older model shows only its removed objects: the newer stands for the rest
    expect(look.hidden.map((ref) => ref.localId)).toEqual([101, 103, 104, 105]);
    expect(look.hidden.every((ref) => ref.model === `urn:${BASE}`)).toBe(true);
    expect(look.colourBy).toEqual({
      property: COMPARE_LEGEND,
      legend: [
        { value: 'Added', colour: CHANGE_COLOURS.added, count: 1 },
        { value: 'Removed', colour: CHANGE_COLOURS.removed, count: 1 },
        { value: 'Changed', colour: CHANGE_COLOURS.changed, count: 2 },
      ],
    });
  });

  it('has no colours or legend when nothing changed, and still fades the newer model', () => {
    const look = compareAppearance([], BASE, [101]);
    expect(look.colours).toEqual([]);
    expect(look.colourBy).toBeNull();
    expect(look.hidden).toEqual([{ model: `urn:${BASE}`, localId: 101 }]);
  });

  it('frames a change in the model that has it', () => {
    expect(changeTarget(changes[0]!)).toEqual({ model: `urn:${HEAD}`, localId: 201 });
    expect(changeTarget(changes[1]!)).toEqual({ model: `urn:${BASE}`, localId: 102 });
  });
});

describe('the Changes panel filters', () => {
  it('sends only the filters set, trimmed, with the page', () => {
    expect(changesQuery(NO_FILTERS)).toBe('');
    const filters = { ...NO_FILTERS, kind: 'changed' as const, property: 'Pset_X.Size', search: '  valve ' };
    expect(changesQuery(filters, { offset: 0, limit: 500 })).toBe(
      'kind=changed&property=Pset_X.Size&search=valve&offset=0&limit=500',
    );
    expect(activeFilterCount(filters)).toBe(3);
    expect(activeFilterCount({ ...NO_FILTERS, search: '   ' })).toBe(0);
  });

  it('exports the filtered list', () => {
    expect(changesXlsxHref('mc.x', { ...NO_FILTERS, storey: 'Level 1' })).toBe(
      '/api/model-compares/mc.x/changes.xlsx?storey=Level+1',
    );
    expect(changesXlsxHref('mc.x', NO_FILTERS)).toBe('/api/model-compares/mc.x/changes.xlsx');
  });

  it('counts the kinds of the summary (none before it is done)', () => {
    expect(kindCounts(null)).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 0 });
    const summary = {
      added: 1,
      removed: 2,
      changed: 3,
      unchanged: 40,
      aspects: { attributes: 0, properties: 2, type: 0, placement: 1, geometry: 1 },
    };
    expect(kindCounts(summary)).toEqual({ added: 1, removed: 2, changed: 3, unchanged: 40 });
  });
});

describe('old and new values side by side', () => {
  it('lists attributes, properties (set.name), type, placement and geometry', () => {
    const rows = changeRows(
      change(5, 'changed', {
        aspects: ['attributes', 'properties', 'type', 'placement', 'geometry'],
        attributes: [{ name: 'Name', old: 'P-1', new: 'P-2' }],
        properties: [
          { set: 'Pset_Chamber', name: 'ChamberLengthOrRadius', old: 0.4, new: 0.45 },
          { set: 'Pset_Chamber', name: 'Lined', old: null, new: true },
        ],
        type: { old: 'T1', new: null },
        placement: { moved: 2, rotated: true },
        geometry: true,
      }),
    );
    expect(rows.map((row) => [row.label, row.old, row.new])).toEqual([
      ['Name', 'P-1', 'P-2'],
      ['Pset_Chamber.ChamberLengthOrRadius', '0.4', '0.45'],
      ['Pset_Chamber.Lined', '—', 'Yes'],
      ['Type', 'T1', '—'],
      ['Placement', '', 'moved by 2.000 m, turned'],
      ['Geometry', '', 'changed'],
    ]);
    expect(changeRows(change(6, 'removed'))).toEqual([
      { group: 'object', label: 'Object', old: 'Present', new: 'Removed' },
    ]);
  });

  it('formats values', () => {
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue('')).toBe('—');
    expect(formatValue(false)).toBe('No');
  });
});
