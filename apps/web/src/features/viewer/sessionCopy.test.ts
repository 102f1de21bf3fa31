import { describe, expect, it } from 'vitest';
import { SESSION_COPY_LIMIT } from '@penstock/shared';
import {
  readSessionCopy,
  serializePropertyValues,
  sessionCopyKey,
  sessionCopyMayFit,
  writeSessionCopy,
  type PropertyValues,
  type SessionStore,
} from './sessionCopy.ts';

/** A Storage stand-in: a map, optionally refusing writes as a full browser store does. */
function fakeStorage({ quota = Infinity }: { quota?: number } = {}) {
  const items = new Map<string, string>();
  const size = () => [...items.values()].reduce((sum, value) => sum + value.length, 0);
  const storage: SessionStore = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (size() + value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items };
}

const values = (note = 'stored'): PropertyValues => ({
  DynaPropValues: [
    {
      projectName: 'Works',
      fileName: 'Works.ifc',
      tag: 'P-101',
      guId: 'g1',
      category: 'Pump',
      locked: true,
      propValueList: [{ propName: 'Note', propValue: note }],
    },
  ],
  StatPropValues: [
    {
      projectName: 'Works',
      fileName: 'Works.ifc',
      tag: 'P-101',
      guId: 'g1',
      category: 'Pump',
      propValueList: [{ propName: 'Tag', propValue: 'P-101' }],
    },
  ],
  ElemWithProps: [{ guId: 'g1', dbId: 7, tag: 'P-101', category: 'Pump', locked: true }],
  Categories: ['Pump'],
});

describe('session copy', () => {
  it('stores the four sets as JSON under the tab name and reads them back', () => {
    const { storage, items } = fakeStorage();
    expect(writeSessionCopy(storage, 'Works.ifc', values())).toBe(true);
    expect([...items.keys()].sort()).toEqual([
      'Works.ifc:Categories',
      'Works.ifc:DynaPropValues',
      'Works.ifc:ElemWithProps',
      'Works.ifc:StatPropValues',
    ]);
    expect(JSON.parse(items.get('Works.ifc:Categories')!)).toEqual(['Pump']);
    expect(readSessionCopy(storage, 'Works.ifc')).toEqual(values());
    expect(readSessionCopy(storage, 'Other.ifc')).toBeNull();
  });

  it('stores nothing, silently, when the combined size is over 4,700,000 characters', () => {
    const { storage, items } = fakeStorage();
    const sized = (length: number) => {
      const base = values('');
      const overhead = Object.values(serializePropertyValues(base)).reduce((n, text) => n + text.length, 0);
      return values('x'.repeat(length - overhead));
    };
    // exactly at the limit: stored
    expect(writeSessionCopy(storage, 'Works.ifc', sized(SESSION_COPY_LIMIT))).toBe(true);
    expect(items.size).toBe(4);
    // one character over: nothing stored, and the older copy is gone
    expect(writeSessionCopy(storage, 'Works.ifc', sized(SESSION_COPY_LIMIT + 1))).toBe(false);
    expect(items.size).toBe(0);
    expect(readSessionCopy(storage, 'Works.ifc')).toBeNull();
  });

  it('stores nothing when the browser refuses, and keeps other tabs', () => {
    const { storage, items } = fakeStorage({ quota: 2000 });
    expect(writeSessionCopy(storage, 'Small.ifc', values())).toBe(true);
    expect(writeSessionCopy(storage, 'Works.ifc', values('y'.repeat(1500)))).toBe(false);
    expect([...items.keys()].every((key) => key.startsWith('Small.ifc:'))).toBe(true);
    expect(readSessionCopy(storage, 'Small.ifc')).toEqual(values());
  });

  it('reads nothing from an incomplete or broken copy, or another owner', () => {
    const { storage } = fakeStorage();
    writeSessionCopy(storage, 'Works.ifc', values(), 'v.1');
    expect(readSessionCopy(storage, 'Works.ifc', 'v.1')).toEqual(values());
    expect(readSessionCopy(storage, 'Works.ifc', 'v.2')).toBeNull();
    expect(readSessionCopy(storage, 'Works.ifc')).toEqual(values());
    storage.setItem(sessionCopyKey('Works.ifc', 'Categories'), '{not json');
    expect(readSessionCopy(storage, 'Works.ifc')).toBeNull();
    storage.removeItem(sessionCopyKey('Works.ifc', 'Categories'));
    expect(readSessionCopy(storage, 'Works.ifc')).toBeNull();
  });
});

describe('sessionCopyMayFit', () => {
  const values = (records: number): PropertyValues => ({
    DynaPropValues: [],
    StatPropValues: Array.from({ length: records }, (_, i) => ({
      projectName: 'Riverside',
      fileName: 'Works.ifc',
      tag: `P-${i}`,
      guId: `g${i}`,
      category: 'Pump',
      propValueList: [{ propName: 'Manufacturer', propValue: 'Grundfos' }],
    })),
    ElemWithProps: [{ guId: 'g0', dbId: 1, tag: 'P-0', category: 'Pump', locked: false }],
    Categories: ['Pump'],
  });

  it('measures exactly the length the four JSON texts have', () => {
    for (const records of [0, 1, 3, 50]) {
      const copy = serializePropertyValues(values(records));
      const length = Object.values(copy).reduce((sum, text) => sum + text.length, 0);
      expect(sessionCopyMayFit(values(records), length)).toBe(true);
      expect(sessionCopyMayFit(values(records), length - 1)).toBe(false);
    }
  });

  it('refuses a model far over the limit without serializing all of it', () => {
    const big = values(200_000);
    let serialized = 0;
    const counted = big.StatPropValues.map((record) => ({
      ...record,
      toJSON: () => {
        serialized++;
        return { ...record };
      },
    }));
    expect(sessionCopyMayFit({ ...big, StatPropValues: counted })).toBe(false);
    // it stops once past SESSION_COPY_LIMIT characters: a few tens of thousands of these small records
    expect(serialized).toBeLessThan(big.StatPropValues.length / 2);
  });
});
