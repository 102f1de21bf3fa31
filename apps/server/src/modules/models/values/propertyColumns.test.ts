import { describe, expect, it } from 'vitest';
import { PropertyColumnsBuilder, mergeColumns } from './propertyColumns.ts';

const props = (...list: [string, string, unknown][]) =>
  JSON.stringify(
    list.map(([set, name, value]) => ({
      displayCategory: set,
      displayName: name,
      displayValue: value,
      units: '',
    })),
  );

describe('PropertyColumnsBuilder', () => {
  it('puts each property of the objects in a column of its own, by set then name', () => {
    const builder = new PropertyColumnsBuilder();
    builder.add(3, props(['Asset', 'Fluid Code', 'PW'], ['Asset', 'Tag', 'V-1'], ['Qto', 'Length', 2.5]));
    builder.add(7, props(['Asset', 'Fluid Code', 'RW'], ['Asset', 'Size', '100']));
    builder.add(9, props(['Asset', 'Tag', 'P-2']));
    expect(builder.build()).toEqual([
      { setName: 'Asset', name: 'Fluid Code', localIds: [3, 7], values: ['PW', 'RW'] },
      { setName: 'Asset', name: 'Size', localIds: [7], values: ['100'] },
      { setName: 'Asset', name: 'Tag', localIds: [3, 9], values: ['V-1', 'P-2'] },
      { setName: 'Qto', name: 'Length', localIds: [3], values: ['2.5'] },
    ]);
  });

  it("keeps an object's first value of a set and name (its own before its type's) and skips empty values", () => {
    const builder = new PropertyColumnsBuilder();
    builder.add(
      1,
      props(
        ['Pset', 'Mark', 'own'],
        ['Pset', 'Mark', 'from type'],
        ['Pset', 'Note', '  '],
        ['Pset', 'X', null],
      ),
    );
    builder.add(2, 'not json');
    builder.add(4, '{"not":"a list"}');
    builder.add(
      5,
      JSON.stringify([
        null,
        { displayName: '', displayValue: 'v' },
        { displayName: 'NoSet', displayValue: 'v' },
      ]),
    );
    expect(builder.build()).toEqual([
      { setName: '', name: 'NoSet', localIds: [5], values: ['v'] },
      { setName: 'Pset', name: 'Mark', localIds: [1], values: ['own'] },
    ]);
  });
});

describe('mergeColumns', () => {
  it('gives one value per object from the columns of one name in several sets, the first set winning', () => {
    expect(
      mergeColumns([
        { localIds: [4, 9], values: ['a', 'b'] },
        { localIds: [2, 4], values: ['c', 'd'] },
      ]),
    ).toEqual([
      { localId: 2, value: 'c' },
      { localId: 4, value: 'a' },
      { localId: 9, value: 'b' },
    ]);
  });
});
