import { describe, expect, it } from 'vitest';
import {
  diffModels,
  placementChange,
  propertyChanges,
  type DiffObject,
  type GeometrySignature,
} from './modelDiff.ts';

const props = (...list: Array<[set: string, name: string, value: unknown, fromType?: boolean]>) =>
  JSON.stringify(
    list.map(([set, name, value, fromType]) => ({
      displayCategory: set,
      displayName: name,
      displayValue: value,
      units: '',
      ...(fromType ? { fromType: true } : {}),
    })),
  );

const object = (localId: number, guid: string, extra: Partial<DiffObject> = {}): DiffObject => ({
  localId,
  guid,
  kind: 'element',
  ifcClass: 'IfcPump',
  name: 'Pump',
  predefinedType: '',
  tag: '',
  tagSource: '',
  storey: 'Ground',
  properties: props(['Pset_Pump', 'Flow', '12']),
  ...extra,
});

const at = (x: number, shape = 1, turned = false): GeometrySignature => ({
  position: [x, 0, 0],
  xDirection: turned ? [0, 1, 0] : [1, 0, 0],
  yDirection: turned ? [-1, 0, 0] : [0, 1, 0],
  shape,
});

describe('diffModels', () => {
  it('classifies objects matched by GlobalId as added, removed, changed or unchanged', () => {
    const base = [object(1, 'A'), object(2, 'B'), object(3, 'C')];
    const head = [object(11, 'A'), object(12, 'B', { name: 'Pump renamed' }), object(14, 'D')];
    const { changes, summary } = diffModels(base, head, new Map(), new Map());
    expect(summary).toEqual({
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 1,
      aspects: { attributes: 1, properties: 0, type: 0, placement: 0, geometry: 0 },
    });
    expect(changes.map((c) => [c.kind, c.globalId, c.baseLocalId, c.headLocalId])).toEqual([
      ['changed', 'B', 2, 12],
      ['added', 'D', null, 14],
      ['removed', 'C', 3, null],
    ]);
    expect(changes[0]).toMatchObject({
      matchedBy: 'globalId',
      aspects: ['attributes'],
      attributes: [{ name: 'Name', old: 'Pump', new: 'Pump renamed' }],
    });
  });

  it('matches by tag what a tool gave new GlobalIds, never by a tag inherited from a parent', () => {
    const base = [
      object(1, 'OLD1', { tag: 'P-101', tagSource: 'property' }),
      object(2, 'OLD2', { tag: 'V-7', tagSource: 'parent' }),
    ];
    const head = [
      object(5, 'NEW1', { tag: 'P-101', tagSource: 'property' }),
      object(6, 'NEW2', { tag: 'V-7', tagSource: 'parent' }),
    ];
    const { changes, summary } = diffModels(base, head, new Map(), new Map());
    // P-101 is the same pump (unchanged); the parent-tagged ones are told apart: one added, one removed
    expect(summary).toMatchObject({ added: 1, removed: 1, changed: 0, unchanged: 1 });
    expect(changes.map((c) => [c.kind, c.globalId])).toEqual([
      ['added', 'NEW2'],
      ['removed', 'OLD2'],
    ]);
  });

  it('a tag shared by two objects on one side matches nothing', () => {
    const base = [
      object(1, 'X1', { tag: 'T', tagSource: 'attribute' }),
      object(2, 'X2', { tag: 'T', tagSource: 'attribute' }),
    ];
    const head = [object(3, 'Y1', { tag: 'T', tagSource: 'attribute' })];
    expect(diffModels(base, head, new Map(), new Map()).summary).toMatchObject({ added: 1, removed: 2 });
  });

  it('says what changed: properties (set, name, old → new), type, placement and geometry', () => {
    const base = [
      object(1, 'A', { properties: props(['Pset', 'Flow', '12'], ['Pset', 'Head', '30']) }),
      object(2, 'B'),
      object(3, 'C'),
      object(4, 'D'),
    ];
    const head = [
      object(1, 'A', { properties: props(['Pset', 'Flow', '14'], ['Pset', 'Power', '5']) }),
      object(2, 'B', { ifcClass: 'IfcValve' }),
      object(3, 'C'),
      object(4, 'D'),
    ];
    const baseGeometry = new Map([
      [1, at(0)],
      [2, at(0)],
      [3, at(5)],
      [4, at(9, 7)],
    ]);
    const headGeometry = new Map([
      [1, at(0)],
      [2, at(0)],
      [3, at(7.5, 1, true)],
      [4, at(9, 8)],
    ]);
    const { changes, summary } = diffModels(base, head, baseGeometry, headGeometry);
    expect(summary.aspects).toEqual({ attributes: 0, properties: 1, type: 1, placement: 1, geometry: 1 });
    const of = (guid: string) => changes.find((c) => c.globalId === guid)!;
    expect(of('A').properties).toEqual([
      { set: 'Pset', name: 'Flow', old: '12', new: '14' },
      { set: 'Pset', name: 'Head', old: '30', new: null },
      { set: 'Pset', name: 'Power', old: null, new: '5' },
    ]);
    expect(of('B')).toMatchObject({ aspects: ['type'], type: { old: 'IfcPump', new: 'IfcValve' } });
    expect(of('C')).toMatchObject({ aspects: ['placement'], placement: { moved: 2.5, rotated: true } });
    expect(of('C').position).toEqual([7.5, 0, 0]);
    expect(of('D')).toMatchObject({ aspects: ['geometry'], geometry: true });
  });

  it('geometry that appears or goes is a change of geometry', () => {
    const { changes } = diffModels([object(1, 'A')], [object(1, 'A')], new Map([[1, at(0)]]), new Map());
    expect(changes[0]).toMatchObject({ kind: 'changed', aspects: ['geometry'] });
  });

  it('two identical indexes give no change', () => {
    const objects = [object(1, 'A'), object(2, 'B', { tag: 'P-1', tagSource: 'attribute' })];
    const geometry = new Map([
      [1, at(1)],
      [2, at(2)],
    ]);
    const { changes, summary } = diffModels(objects, objects, geometry, geometry);
    expect(changes).toEqual([]);
    expect(summary).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 2 });
  });
});

describe('propertyChanges and placementChange', () => {
  it('reads a type value as the occurrence’s unless the occurrence has its own', () => {
    const base = props(['Pset', 'Flow', '12'], ['Pset', 'Flow', '99', true]);
    const head = props(['Pset', 'Flow', '12'], ['Pset', 'Flow', '100', true]);
    expect(propertyChanges(base, head)).toEqual([]);
    expect(propertyChanges('not json', props(['S', 'N', 1]))).toEqual([
      { set: 'S', name: 'N', old: null, new: 1 },
    ]);
  });

  it('ignores a move below a millimetre (single-precision noise)', () => {
    expect(placementChange(at(0), at(0.0004))).toBeNull();
    expect(placementChange(at(0), at(0.002))).toEqual({ moved: 0.002, rotated: false });
    expect(placementChange(at(0), at(0, 1, true))).toEqual({ moved: 0, rotated: true });
  });
});
