import { describe, expect, it } from 'vitest';
import { threeToIfc } from './bcf.camera.ts';
import type { BcfViewpoint } from './bcf.types.ts';
import {
  componentGuids,
  linesOfMeasurements,
  objectsOfState,
  viewerStateOfViewpoint,
  viewpointOfState,
  type VersionObject,
} from './bcf.viewpoint.ts';
import { readViewerState, type ObjectRef, type ViewerState } from './bcf.viewstate.ts';

const OWN = 'v.11111111-1111-4111-8111-111111111111';
const MEP = 'v.22222222-2222-4222-8222-222222222222';
const ELSEWHERE = 'v.33333333-3333-4333-8333-333333333333';
const own = (localId: number) => ({ model: `urn:${OWN}`, localId });
const mep = (localId: number) => ({ model: `urn:${MEP}`, localId });
/** An object as a stored view (version 3) names it: model version + GlobalId. */
const stored = (versionId: string, globalId: string) => ({ versionId, globalId });

/** A tiny object index: IfcGuids of two model versions (ELSEWHERE is another project's: nothing found). */
const INDEX: Record<string, Record<number, string>> = {
  [OWN]: { 1: 'WALL_1_______________1', 2: 'WALL_2_______________2', 3: 'SLAB_3_______________3' },
  [MEP]: { 7: 'DUCT_7_______________7', 8: 'PIPE_8_______________8' },
};
const guidOf = (versionId: string, localId: number) => INDEX[versionId]?.[localId];
const objectsOf = (guid: string): VersionObject[] =>
  Object.entries(INDEX).flatMap(([versionId, ids]) =>
    Object.entries(ids)
      .filter(([, g]) => g === guid)
      .map(([localId]) => ({ versionId, localId: Number(localId) })),
  );

/** A stored state of versions 1 and 2: objects by localId, the own model's selection apart. */
type LegacyState = Omit<ViewerState, 'version' | 'selection' | 'appearance'> & {
  version: 2;
  selection: number[];
  otherSelection: ObjectRef[];
  appearance: NonNullable<ReturnType<typeof readViewerState>['appearance']>;
};

/**
 * What an engineer left in the viewer (stored as version 2, by localIds): a selection in two models, a cut,
 * a box, hidden and coloured.
 */
const STATE: LegacyState = {
  version: 2,
  kind: '3d',
  camera: { position: { x: 10, y: 5, z: 10 }, target: { x: 0, y: 1, z: 0 } },
  plan: null,
  selection: [1],
  otherSelection: [mep(7)],
  models: [
    {
      modelId: `urn:${MEP}`,
      versionId: MEP,
      visible: true,
      opacity: 1,
      colour: null,
      offset: { x: 0, y: 0, z: 0 },
      rotation: 0,
    },
  ],
  sections: {
    planes: [{ id: 'cut', origin: { x: 0, y: 1.5, z: 0 }, normal: { x: 0, y: 1, z: 0 }, visible: true }],
    box: { min: { x: -5, y: 0, z: -5 }, max: { x: 5, y: 3, z: 5 } },
    capColour: null,
  },
  measurements: [
    {
      id: 'm1',
      name: 'Clearance',
      kind: 'distance',
      points: [
        { x: 0, y: 0, z: 0 },
        { x: 0.6, y: 0, z: 0 },
      ],
      value: 0.6,
    },
  ],
  appearance: {
    hidden: [own(3)],
    isolated: null,
    xray: false,
    colours: [
      { colour: '#ff8800', objects: [own(2), mep(8)] },
      { colour: '#0000ff', objects: [mep(7)] },
    ],
    colourBy: null,
  },
};

/** The same view stored as version 3: every model's objects by model version + GlobalId. */
const STORED: ViewerState = {
  ...STATE,
  version: 3,
  selection: [stored(OWN, 'WALL_1_______________1'), stored(MEP, 'DUCT_7_______________7')],
  appearance: {
    hidden: [stored(OWN, 'SLAB_3_______________3')],
    isolated: null,
    xray: false,
    colours: [
      {
        colour: '#ff8800',
        objects: [stored(OWN, 'WALL_2_______________2'), stored(MEP, 'PIPE_8_______________8')],
      },
      { colour: '#0000ff', objects: [stored(MEP, 'DUCT_7_______________7')] },
    ],
    colourBy: null,
  },
};

describe('an issue viewer state as a BCF viewpoint', () => {
  it('names every object the state shows, by model version', () => {
    expect(Object.fromEntries(objectsOfState(readViewerState(STATE), OWN, 2))).toEqual({
      [OWN]: [2, 1, 3],
      [MEP]: [7, 8],
    });
  });

  it('writes selection, hidden components, colours, lines and clipping planes in the IFC frame', () => {
    const viewpoint = viewpointOfState({
      raw: STATE,
      state: readViewerState(STATE),
      ownVersion: OWN,
      objectId: null,
      guidOf,
      aspectRatio: 16 / 9,
    })!;
    expect(viewpoint.selection).toEqual(['WALL_1_______________1', 'DUCT_7_______________7']);
    expect(viewpoint.visibility).toEqual({ defaultVisibility: true, exceptions: ['SLAB_3_______________3'] });
    expect(viewpoint.coloring).toEqual([
      { color: 'FF8800', guids: ['WALL_2_______________2', 'PIPE_8_______________8'] },
      { color: '0000FF', guids: ['DUCT_7_______________7'] },
    ]);
    expect(viewpoint.lines).toEqual([{ start: { x: 0, y: 0, z: 0 }, end: { x: 0.6, y: 0, z: 0 } }]);
    // the cut, then the box's six faces
    expect(viewpoint.clippingPlanes).toHaveLength(7);
    expect(viewpoint.clippingPlanes![0]).toEqual({
      location: { x: 0, y: 0, z: 1.5 },
      direction: { x: 0, y: 0, z: 1 },
    });
    expect(viewpoint.camera).toMatchObject({
      kind: 'perspective',
      position: { x: 10, y: -10, z: 5 },
      fieldOfView: 50,
      aspectRatio: 16 / 9,
    });
  });

  it('writes a version-3 state’s objects by their GlobalIds, looking none up', () => {
    const read = readViewerState(STORED);
    expect(Object.fromEntries(objectsOfState(read, OWN, null))).toEqual({});
    const args = { raw: STORED, state: read, ownVersion: OWN, objectId: null, aspectRatio: 16 / 9 };
    const viewpoint = viewpointOfState({ ...args, guidOf: () => undefined })!;
    const fromLegacy = viewpointOfState({ ...args, raw: STATE, state: readViewerState(STATE), guidOf })!;
    expect(viewpoint).toEqual(fromLegacy);
    expect(viewpoint.selection).toEqual(['WALL_1_______________1', 'DUCT_7_______________7']);
  });

  it("names a pin on another model's object by its GlobalId, first, even when the view no longer selects it", () => {
    const state = { ...STATE, selection: [], otherSelection: [] };
    const viewpoint = viewpointOfState({
      raw: state,
      state: readViewerState(state),
      ownVersion: OWN,
      objectId: null,
      pinnedGuid: 'PIPE_8_______________8',
      guidOf,
    })!;
    expect(viewpoint.selection).toEqual(['PIPE_8_______________8']);
    const selecting = viewpointOfState({
      raw: STATE,
      state: readViewerState(STATE),
      ownVersion: OWN,
      objectId: null,
      pinnedGuid: 'DUCT_7_______________7',
      guidOf,
    })!;
    // once, where the view had it
    expect(selecting.selection).toEqual(['WALL_1_______________1', 'DUCT_7_______________7']);
  });

  it('writes isolated objects as DefaultVisibility false, and an orthographic view or a plan as orthogonal', () => {
    const state = {
      ...STATE,
      camera: { ...STATE.camera, projection: 'orthographic', viewHeight: 12.5 },
      appearance: { ...STATE.appearance!, isolated: [own(1), own(3), mep(7)], colours: [] },
    };
    const viewpoint = viewpointOfState({
      raw: state,
      state: readViewerState(state),
      ownVersion: OWN,
      objectId: 1,
      guidOf,
    })!;
    // an object both isolated and hidden is not shown
    expect(viewpoint.visibility).toEqual({
      defaultVisibility: false,
      exceptions: ['WALL_1_______________1', 'DUCT_7_______________7'],
    });
    expect(viewpoint.camera).toMatchObject({ kind: 'orthogonal', viewToWorldScale: 12.5, aspectRatio: 1 });
    const plan = {
      ...STATE,
      plan: 'Level 1',
      camera: { position: { x: 0, y: 20, z: 0.001 }, target: { x: 0, y: 0, z: 0 } },
    };
    const planCamera = viewpointOfState({
      raw: plan,
      state: readViewerState(plan),
      ownVersion: OWN,
      objectId: null,
      guidOf,
    })!.camera!;
    expect(planCamera.kind).toBe('orthogonal');
    // no height stored: what the perspective view showed at the target's distance (2·d·tan 25°)
    expect(planCamera.kind === 'orthogonal' && planCamera.viewToWorldScale).toBeCloseTo(
      2 * 20 * Math.tan((25 * Math.PI) / 180),
      3,
    );
  });

  it('leaves out what no index of the project knows, and says nothing for an empty state', () => {
    const state = {
      ...STATE,
      selection: [99],
      otherSelection: [
        { model: `urn:${ELSEWHERE}`, localId: 1 },
        { model: 'not a model', localId: 1 },
      ],
      appearance: {
        ...STATE.appearance!,
        hidden: [],
        isolated: [{ model: `urn:${ELSEWHERE}`, localId: 1 }],
        colours: [],
      },
    };
    const viewpoint = viewpointOfState({
      raw: state,
      state: readViewerState(state),
      ownVersion: OWN,
      objectId: null,
      guidOf,
    })!;
    expect(viewpoint.selection).toEqual([]);
    // isolating only unknown objects would show nothing in another tool: no visibility is written
    expect(viewpoint.visibility).toBeUndefined();
    expect(viewpoint.coloring).toBeUndefined();
    expect(
      viewpointOfState({
        raw: { junk: true },
        state: readViewerState({ junk: true }),
        ownVersion: OWN,
        objectId: null,
        guidOf,
      }),
    ).toBeNull();
    expect(readViewerState('nonsense')).toEqual({
      selection: [],
      otherSelection: [],
      sections: null,
      measurements: [],
      appearance: null,
    });
  });

  it('draws each kind of measurement as lines (a point has none)', () => {
    const p = (x: number) => ({ x, y: 0, z: 0 });
    const lines = linesOfMeasurements([
      { id: 'a', name: '', kind: 'angle', points: [p(1), p(0), { x: 0, y: 1, z: 0 }], value: 90 },
      { id: 'b', name: '', kind: 'area', points: [p(0), p(1), { x: 1, y: 0, z: 1 }], value: 0.5 },
      { id: 'c', name: '', kind: 'point', points: [p(3)], value: 0 },
      { id: 'd', name: '', kind: 'run', points: [p(0), p(1), p(2), p(3)], value: 3 },
    ]);
    // a run: one line per segment (its two ends), not joined to the next segment
    expect(lines).toHaveLength(2 + 3 + 0 + 2);
    expect(lines[6]).toEqual({ start: threeToIfc(p(2)), end: threeToIfc(p(3)) });
    // the angle's second arm goes up: viewer +Y is IFC +Z
    expect(lines[1]).toEqual({ start: { x: 0, y: 0, z: 0 }, end: { x: 0, y: 0, z: 1 } });
    // the area is closed
    expect(lines[4]!.end).toEqual(threeToIfc(p(0)));
  });
});

describe('a BCF viewpoint as the viewer state of one of its models', () => {
  const viewpoint: BcfViewpoint = {
    guid: 'vp',
    camera: {
      kind: 'orthogonal',
      position: { x: 0, y: -10, z: 5 },
      direction: { x: 0, y: 2, z: 0 },
      up: { x: 0, y: 0, z: 1 },
      viewToWorldScale: 18.5,
      aspectRatio: 1.5,
    },
    selection: ['WALL_1_______________1', 'DUCT_7_______________7', 'NOT_FOUND____________0'],
    visibility: {
      defaultVisibility: false,
      exceptions: ['WALL_1_______________1', 'PIPE_8_______________8'],
    },
    coloring: [{ color: '80FF0000', guids: ['WALL_2_______________2'] }],
    lines: [{ start: { x: 0, y: 0, z: 0 }, end: { x: 3, y: 4, z: 0 } }],
    clippingPlanes: [{ location: { x: 0, y: 0, z: 2 }, direction: { x: 0, y: 0, z: 1 } }],
  };

  it('names the objects by model version + GlobalId, isolates, colours, cuts and measures', () => {
    const state = viewerStateOfViewpoint(viewpoint, OWN, objectsOf)!;
    expect(state).toEqual({
      version: 3,
      kind: '3d',
      camera: {
        position: { x: 0, y: 5, z: 10 },
        target: { x: 0, y: 5, z: 0 },
        projection: 'orthographic',
        viewHeight: 18.5,
      },
      plan: null,
      selection: [stored(OWN, 'WALL_1_______________1'), stored(MEP, 'DUCT_7_______________7')],
      models: [expect.objectContaining({ modelId: `urn:${MEP}`, versionId: MEP, visible: true })],
      appearance: {
        hidden: [],
        isolated: [stored(OWN, 'WALL_1_______________1'), stored(MEP, 'PIPE_8_______________8')],
        xray: false,
        // ARGB: the alpha is left to the kept viewpoint
        colours: [{ colour: '#ff0000', objects: [stored(OWN, 'WALL_2_______________2')] }],
        colourBy: null,
      },
      sections: {
        planes: [{ id: 'bcf-1', origin: { x: 0, y: 2, z: 0 }, normal: { x: 0, y: 1, z: 0 }, visible: true }],
        box: null,
        capColour: null,
      },
      measurements: [
        {
          id: 'bcf-line-1',
          name: 'BCF line 1',
          kind: 'distance',
          points: [
            { x: 0, y: 0, z: 0 },
            { x: 3, y: 0, z: -4 },
          ],
          value: 5,
        },
      ],
    });
    // seen from the MEP model, its duct comes first and the wall's model is the other one loaded
    const fromMep = viewerStateOfViewpoint(viewpoint, MEP, objectsOf)!;
    expect(fromMep.selection).toEqual([
      stored(MEP, 'DUCT_7_______________7'),
      stored(OWN, 'WALL_1_______________1'),
    ]);
    expect(fromMep.models).toEqual([expect.objectContaining({ versionId: OWN })]);
    expect(componentGuids(viewpoint)).toHaveLength(5);
  });

  it('hides exceptions of a visible model, and isolates nothing when none of the isolated is found', () => {
    const hides = viewerStateOfViewpoint(
      { ...viewpoint, visibility: { defaultVisibility: true, exceptions: ['SLAB_3_______________3'] } },
      OWN,
      objectsOf,
    )!;
    expect(hides.appearance).toMatchObject({
      hidden: [stored(OWN, 'SLAB_3_______________3')],
      isolated: null,
    });
    const unknown = viewerStateOfViewpoint(
      {
        ...viewpoint,
        visibility: { defaultVisibility: false, exceptions: ['NOT_FOUND____________0'] },
        coloring: [],
      },
      OWN,
      objectsOf,
    )!;
    expect(unknown.appearance).toBeUndefined();
    expect(viewerStateOfViewpoint({ ...viewpoint, camera: null }, OWN, objectsOf)).toBeNull();
  });
});

describe('viewer state → BCF → viewer state', () => {
  it('comes back the same, but for what BCF has no form for', () => {
    const viewpoint = viewpointOfState({
      raw: STATE,
      state: readViewerState(STATE),
      ownVersion: OWN,
      objectId: null,
      guidOf,
    })!;
    const back = viewerStateOfViewpoint({ ...viewpoint, guid: 'vp' }, OWN, objectsOf)!;
    // the same objects, named by model version + GlobalId (version 3)
    expect(back.selection).toEqual(STORED.selection);
    expect(back.models).toEqual(STATE.models);
    expect(back.appearance).toEqual(STORED.appearance);
    expect(back.sections!.box).toEqual(STATE.sections!.box);
    expect(back.sections!.planes).toHaveLength(1);
    for (const axis of ['x', 'y', 'z'] as const) {
      expect(back.sections!.planes[0]!.origin[axis]).toBeCloseTo(STATE.sections!.planes[0]!.origin[axis], 9);
      expect(back.sections!.planes[0]!.normal[axis]).toBeCloseTo(STATE.sections!.planes[0]!.normal[axis], 9);
    }
    expect(back.measurements![0]).toMatchObject({ kind: 'distance', points: STATE.measurements![0]!.points });
    expect(back.measurements![0]!.value).toBeCloseTo(0.6, 9);
    // the camera looks the same way from the same place (the target is put 10 m ahead)
    const dir = (s: Pick<ViewerState, 'camera'>) => {
      const d = {
        x: s.camera.target.x - s.camera.position.x,
        y: s.camera.target.y - s.camera.position.y,
        z: s.camera.target.z - s.camera.position.z,
      };
      const l = Math.hypot(d.x, d.y, d.z);
      return [d.x / l, d.y / l, d.z / l];
    };
    expect(back.camera.position).toEqual(STATE.camera.position);
    dir(back).forEach((c, i) => expect(c).toBeCloseTo(dir(STATE)[i]!, 9));
  });
});
