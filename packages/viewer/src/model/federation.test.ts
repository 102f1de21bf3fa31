import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import type { FragmentsModel } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { createFederation, federatedSettings, placeModel } from './federation.ts';
import type { Georeference } from './georeference.ts';

describe('federatedSettings', () => {
  it('completes the defaults and names the model by its version', () => {
    expect(federatedSettings('v.1')).toEqual({
      modelId: 'urn:v.1',
      versionId: 'v.1',
      visible: true,
      opacity: 1,
      colour: null,
      offset: { x: 0, y: 0, z: 0 },
      rotation: 0,
    });
  });
  it('refuses a bad opacity, colour or offset with a message', () => {
    expect(() => federatedSettings('v.1', { opacity: 2 })).toThrow('between 0 and 1');
    expect(() => federatedSettings('v.1', { colour: 'red' })).toThrow('#rrggbb');
    expect(() => federatedSettings('v.1', { offset: { x: Number.NaN, y: 0, z: 0 } })).toThrow('numbers');
  });
});

describe('placeModel', () => {
  it('puts the model at its aligned position plus the offset, turned about the vertical', () => {
    const object = new THREE.Object3D();
    placeModel(object, new THREE.Matrix4().makeTranslation(10, 0, -5), {
      ...federatedSettings('v.1'),
      offset: { x: 1, y: 2, z: 3 },
      rotation: 90,
    });
    expect(object.position.toArray()).toEqual([11, 2, -2]);
    // a point 1 m along X of the model lands 1 m along -Z of the world (a quarter turn about Y)
    const p = new THREE.Vector3(1, 0, 0).applyMatrix4(object.matrixWorld);
    expect(p.x).toBeCloseTo(11);
    expect(p.z).toBeCloseTo(-3);
  });
});

function fakeModel(modelId: string, coordination = new THREE.Matrix4().makeTranslation(-5, 0, 0)) {
  return {
    modelId,
    object: new THREE.Object3D(),
    // IFC coordinates → the converted frame: each .frag was moved near the origin by its own offset
    getCoordinationMatrix: vi.fn(async () => coordination.clone()),
    setColor: vi.fn(async () => undefined),
    resetColor: vi.fn(async () => undefined),
    setOpacity: vi.fn(async () => undefined),
    resetOpacity: vi.fn(async () => undefined),
  };
}

describe('createFederation', () => {
  const setup = (georeferences?: Record<string, Georeference | null>) => {
    const loaded = new Map<string, ReturnType<typeof fakeModel>>();
    const own = fakeModel('urn:own', new THREE.Matrix4());
    const context = {
      model: (id: string) => (id === 'urn:own' ? (own as unknown as FragmentsModel) : null),
      models: () => [own, ...loaded.values()] as unknown as FragmentsModel[],
      refresh: vi.fn(async () => undefined),
    } as unknown as ViewerContext;
    const loader = {
      load: vi.fn(async (_bytes: ArrayBuffer, modelId: string) => {
        const model = fakeModel(modelId);
        model.object.position.set(5, 0, 0); // where Fragments coordinated it
        loaded.set(modelId, model);
        return model as unknown as FragmentsModel;
      }),
      unload: vi.fn(async () => undefined),
      repaint: vi.fn(async () => undefined),
      drawn: vi.fn(async (): Promise<void> => undefined),
    };
    const federation = createFederation(context, loader);
    if (georeferences)
      federation.setGeoreferenceSource(async (versionId) => georeferences[versionId] ?? null);
    return { federation, loader, loaded, own };
  };

  it('adds, updates (colour, opacity, visibility, offset) and removes a model, telling listeners', async () => {
    const { federation, loader, loaded } = setup();
    const changed = vi.fn();
    federation.onChange(changed);
    await federation.add(new ArrayBuffer(8), 'v.2');
    expect(federation.list().map((m) => m.modelId)).toEqual(['urn:v.2']);
    const model = loaded.get('urn:v.2')!;
    await federation.update('urn:v.2', {
      colour: '#ff0000',
      opacity: 0.5,
      visible: false,
      offset: { x: 1, y: 0, z: 0 },
    });
    // colour and opacity are drawn by the appearance tool (repaint), from look()
    expect(loader.repaint).toHaveBeenCalledTimes(1);
    expect(federation.look('urn:v.2')).toEqual({ colour: '#ff0000', opacity: 0.5 });
    expect(model.object.visible).toBe(false);
    expect(model.object.position.x).toBe(6);
    await federation.update('urn:v.2', { visible: true });
    expect(loader.repaint).toHaveBeenCalledTimes(1);
    await federation.update('urn:v.2', { colour: null, opacity: 1 });
    expect(loader.repaint).toHaveBeenCalledTimes(2);
    expect(federation.look('urn:v.2')).toEqual({ colour: null, opacity: 1 });
    await federation.remove('urn:v.2');
    expect(loader.unload).toHaveBeenCalledTimes(1);
    expect(federation.list()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(5);
  });

  it('refuses a model already in the view, the tab’s own included', async () => {
    const { federation } = setup();
    await federation.add(new ArrayBuffer(8), 'v.2');
    await expect(federation.add(new ArrayBuffer(8), 'v.2')).rejects.toThrow('already in the view');
    await expect(federation.add(new ArrayBuffer(8), 'own')).rejects.toThrow('already in the view');
  });

  it('restores a stored list: removes the others, adds the missing with their settings', async () => {
    const { federation } = setup();
    await federation.add(new ArrayBuffer(8), 'v.2');
    const fetch = vi.fn(async () => new ArrayBuffer(8));
    await federation.restore([{ ...federatedSettings('v.3'), opacity: 0.4 }], fetch);
    expect(fetch).toHaveBeenCalledWith('v.3');
    expect(federation.list()).toEqual([expect.objectContaining({ modelId: 'urn:v.3', opacity: 0.4 })]);
  });

  it('asks for the bytes of every model of a stored list at once, and adds them in order', async () => {
    const { federation, loader } = setup();
    const downloads = new Map<string, (bytes: ArrayBuffer) => void>();
    const fetch = vi.fn(
      (versionId: string) => new Promise<ArrayBuffer>((resolve) => downloads.set(versionId, resolve)),
    );
    const restored = federation.restore([federatedSettings('v.2'), federatedSettings('v.3')], fetch);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    downloads.get('v.3')!(new ArrayBuffer(8));
    downloads.get('v.2')!(new ArrayBuffer(8));
    await restored;
    expect(loader.load.mock.calls.map(([, modelId]) => modelId)).toEqual(['urn:v.2', 'urn:v.3']);
    expect(federation.list().map((m) => m.modelId)).toEqual(['urn:v.2', 'urn:v.3']);
  });

  it('adds a shown model once its first tiles are drawn, a hidden one once it is loaded', async () => {
    const { federation, loader } = setup();
    let tiles = () => undefined as void;
    loader.drawn.mockImplementationOnce(() => new Promise<void>((resolve) => (tiles = resolve)));
    const loads: Promise<unknown>[] = [];
    federation.onLoading((work) => loads.push(work));
    let added = false;
    const adding = federation.add(new ArrayBuffer(8), 'v.2').then(() => (added = true));
    await vi.waitFor(() => expect(loader.drawn).toHaveBeenCalledTimes(1));
    expect(added).toBe(false);
    tiles();
    await adding;
    // the work told to onLoading (the viewer holds its frames while it runs) ends with the tiles
    expect(loads).toHaveLength(1);
    await federation.add(new ArrayBuffer(8), 'v.3', { visible: false });
    expect(loader.drawn).toHaveBeenCalledTimes(1);
  });
  const map = (eastings: number, northings: number, height: number, abscissa = 1, ordinate = 0) => ({
    mapConversion: {
      eastings,
      northings,
      orthogonalHeight: height,
      xAxisAbscissa: abscissa,
      xAxisOrdinate: ordinate,
      scale: 1,
      crs: 'EPSG:25832',
    },
    site: null,
    trueNorth: null,
  });
  const site = (latitude: number, longitude: number, elevation: number, trueNorth: number | null = null) => ({
    mapConversion: null,
    site: { latitude, longitude, elevation, origin: { x: 0, y: 0, z: 0 } },
    trueNorth,
  });
  const at = (model: { object: THREE.Object3D }, x = 0, y = 0, z = 0) =>
    new THREE.Vector3(x, y, z).applyMatrix4(model.object.matrixWorld);

  it('lines models up by their map conversions, the own model the origin, offset and rotation on top', async () => {
    const { federation, loaded } = setup({
      own: map(458_000, 5_438_000, 110),
      // 10 m east, 5 m south, 2 m higher, its x axis pointing north
      'v.2': map(458_010, 5_437_995, 112, 0, 1),
    });
    await federation.add(new ArrayBuffer(8), 'v.2');
    expect(federation.alignedBy('urn:v.2')).toBe('map');
    const model = loaded.get('urn:v.2')!;
    // its IFC origin (at -5 along x of its converted frame): IFC (10, -5, 2) of the own model, Y up
    const origin = at(model, -5, 0, 0);
    expect(origin.x).toBeCloseTo(10, 6);
    expect(origin.y).toBeCloseTo(2, 6);
    expect(origin.z).toBeCloseTo(5, 6);
    // 1 m along its x axis is 1 m north: the own model's IFC +Y, the viewer's -Z
    const along = at(model, -4, 0, 0).sub(origin);
    expect(along.z).toBeCloseTo(-1, 6);
    expect(along.x).toBeCloseTo(0, 6);
    // Fragments' autoCoordinate had moved the object to x 5 as well: that move is not added
    expect(model.object.position.toArray().map((n) => Math.round(n * 1e6) / 1e6)).toEqual([10, 2, 0]);
    await federation.update('urn:v.2', { offset: { x: 0, y: 1, z: 0 }, rotation: 90 });
    const moved = at(model, -5, 0, 0);
    expect(moved.y).toBeCloseTo(3, 6);
    // turned a quarter about its own origin (the converted frame's, 5 m from its IFC origin)
    expect(moved.x).toBeCloseTo(15, 6);
    expect(moved.z).toBeCloseTo(0, 6);
  });

  it('lines models up by their sites when neither has a map conversion, by their coordinates when far apart', async () => {
    const { federation, loaded } = setup({
      own: site(49.1, 8.4, 100),
      // 0.001° north (111.3 m) and 3 m higher, drawn with true north 90° to the right of its +Y
      'v.2': site(49.101, 8.4, 103, 90),
      // an authoring tool's default location, far away: by coordinates (the project origin)
      'v.3': site(41.3, 19.8, 0),
    });
    await federation.add(new ArrayBuffer(8), 'v.2');
    await federation.add(new ArrayBuffer(8), 'v.3');
    expect(federation.alignedBy('urn:v.2')).toBe('site');
    const origin = at(loaded.get('urn:v.2')!, -5, 0, 0);
    expect(origin.y).toBeCloseTo(3, 6);
    expect(origin.z).toBeCloseTo(-111.32, 1);
    // its +Y points west (true north is 90° clockwise of it): IFC -X of the own model
    const along = at(loaded.get('urn:v.2')!, -5, 0, -1).sub(origin);
    expect(along.x).toBeCloseTo(-1, 6);
    expect(federation.alignedBy('urn:v.3')).toBe('project');
    expect(loaded.get('urn:v.3')!.object.position.toArray()).toEqual([5, 0, 0]);
  });

  it('lines models up by their coordinates without georeferences (as Fragments does)', async () => {
    const { federation, loaded } = setup({ own: map(1000, 2000, 0), 'v.2': null });
    await federation.add(new ArrayBuffer(8), 'v.2');
    expect(federation.alignedBy('urn:v.2')).toBe('project');
    expect(loaded.get('urn:v.2')!.object.position.toArray()).toEqual([5, 0, 0]);
  });
});
