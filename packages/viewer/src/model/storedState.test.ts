import { describe, expect, it, vi } from 'vitest';
import {
  createObjectIdCache,
  fromStoredState,
  isStoredViewerState,
  objectIdsOf,
  toStoredState,
  versionsOfStoredState,
  versionsOfViewerState,
  type ObjectIdTable,
  type StoredViewerState,
} from './storedState.ts';
import type { ModelViewerState } from './types.ts';

const OWN = 'v.00000000-0000-4000-8000-000000000001';
const OTHER = 'v.00000000-0000-4000-8000-000000000002';
const own = `urn:${OWN}`;
const other = `urn:${OTHER}`;

/** Two model versions: the same GlobalId 'shared' is in both, with other localIds. */
const TABLES: Record<string, ObjectIdTable> = {
  [OWN]: { localIds: [10, 11, 12, 13], guids: ['wall', 'slab', 'shared', ''] },
  [OTHER]: { localIds: [200, 201, 202], guids: ['pump', 'pipe', 'shared'] },
};
const idsOf = (versionId: string) => (TABLES[versionId] ? objectIdsOf(TABLES[versionId]) : undefined);

const camera = { position: { x: 1, y: 2, z: 3 }, target: { x: 0, y: 0, z: 0 } };

const runtime: ModelViewerState = {
  version: 2,
  kind: '3d',
  camera,
  plan: null,
  selection: [10, 13],
  otherSelection: [{ model: other, localId: 201 }],
  models: [
    {
      modelId: other,
      versionId: OTHER,
      visible: true,
      opacity: 0.5,
      colour: '#112233',
      offset: { x: 1, y: 0, z: 0 },
      rotation: 15,
    },
  ],
  measurements: [
    { id: 'm1', name: 'Clearance', kind: 'distance', points: [camera.position, camera.target], value: 3 },
  ],
  appearance: {
    hidden: [
      { model: own, localId: 11 },
      { model: other, localId: 202 },
    ],
    isolated: null,
    xray: true,
    colours: [
      {
        colour: '#ff0000',
        objects: [
          { model: own, localId: 12 },
          { model: other, localId: 200 },
        ],
      },
    ],
    colourBy: { property: 'Fluid', legend: [{ value: 'W', colour: '#ff0000', count: 2 }] },
    outlined: [{ model: other, localId: 200 }],
  },
};

describe('the stored form of a view (version 3: objects by model version + GlobalId)', () => {
  it('names every model’s objects by version and GlobalId, keeping a localId only without a GlobalId', () => {
    const stored = toStoredState(runtime, own, idsOf);
    expect(stored.version).toBe(3);
    expect(stored.selection).toEqual([
      { versionId: OWN, globalId: 'wall' },
      { versionId: OWN, localId: 13 },
      { versionId: OTHER, globalId: 'pipe' },
    ]);
    expect(stored).not.toHaveProperty('otherSelection');
    expect(stored.appearance).toEqual({
      hidden: [
        { versionId: OWN, globalId: 'slab' },
        { versionId: OTHER, globalId: 'shared' },
      ],
      isolated: null,
      xray: true,
      colours: [
        {
          colour: '#ff0000',
          objects: [
            { versionId: OWN, globalId: 'shared' },
            { versionId: OTHER, globalId: 'pump' },
          ],
        },
      ],
      colourBy: runtime.appearance!.colourBy,
      outlined: [{ versionId: OTHER, globalId: 'pump' }],
    });
    // what is not about objects is kept as it is
    expect(stored.models).toEqual(runtime.models);
    expect(stored.measurements).toEqual(runtime.measurements);
    expect(stored.camera).toEqual(camera);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
  });

  it('comes back as the viewer’s state it was made of', () => {
    const back = fromStoredState(toStoredState(runtime, own, idsOf), own, idsOf);
    expect(back).toEqual(runtime);
  });

  it('finds the objects by GlobalId in the version’s index now, whatever their localIds were', () => {
    const stored = toStoredState(runtime, own, idsOf);
    // the other model converted again: its objects got new localIds, and 'pump' is gone
    const again: Record<string, ObjectIdTable> = {
      ...TABLES,
      [OTHER]: { localIds: [7, 8], guids: ['shared', 'pipe'] },
    };
    const ids = (v: string) => objectIdsOf(again[v]!);
    const back = fromStoredState(stored, own, ids);
    expect(back.otherSelection).toEqual([{ model: other, localId: 8 }]);
    expect(back.appearance!.hidden).toEqual([
      { model: own, localId: 11 },
      { model: other, localId: 7 },
    ]);
    expect(back.appearance!.colours[0]!.objects).toEqual([{ model: own, localId: 12 }]);
  });

  it('opens on another tab model: that model’s objects are the selection, the rest the other selection', () => {
    const stored = toStoredState(runtime, own, idsOf);
    const back = fromStoredState(stored, other, idsOf);
    expect(back.selection).toEqual([201]);
    expect(back.otherSelection).toEqual([
      { model: own, localId: 10 },
      { model: own, localId: 13 },
    ]);
  });

  it('isolates nothing rather than everything when no isolated object is found any more', () => {
    const stored: StoredViewerState = {
      ...toStoredState(runtime, own, idsOf),
      appearance: {
        hidden: [],
        isolated: [{ versionId: OTHER, globalId: 'gone' }],
        xray: false,
        colours: [],
        colourBy: null,
      },
    };
    expect(fromStoredState(stored, own, idsOf).appearance!.isolated).toBeNull();
    const found = {
      ...stored,
      appearance: { ...stored.appearance!, isolated: [{ versionId: OTHER, globalId: 'pump' }] },
    };
    expect(fromStoredState(found, own, idsOf).appearance!.isolated).toEqual([{ model: other, localId: 200 }]);
  });

  it('lists the versions to look up, and tells the versions apart', () => {
    expect(versionsOfViewerState(runtime, own).sort()).toEqual([OWN, OTHER].sort());
    expect(versionsOfStoredState(toStoredState(runtime, own, idsOf)).sort()).toEqual([OWN, OTHER].sort());
    expect(isStoredViewerState(runtime)).toBe(false);
    expect(isStoredViewerState(toStoredState(runtime, own, idsOf))).toBe(true);
    expect(isStoredViewerState(null)).toBe(false);
  });

  it('reads each version’s index once, and again after a failed read', async () => {
    const cache = createObjectIdCache();
    let fail = true;
    const source = vi.fn(async (versionId: string) => {
      if (versionId === OTHER && fail) throw new Error('offline');
      return TABLES[versionId]!;
    });
    cache.setSource(source);
    let ids = await cache.lookups([OWN, OTHER]);
    expect(ids(OWN)?.localIdOf('wall')).toBe(10);
    expect(ids(OTHER)).toBeUndefined();
    fail = false;
    ids = await cache.lookups([OWN, OTHER]);
    expect(ids(OTHER)?.guidOf(200)).toBe('pump');
    expect(source.mock.calls.map(([v]) => v)).toEqual([OWN, OTHER, OTHER]);
  });
});
