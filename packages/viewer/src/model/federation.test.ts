import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import type { FragmentsModel } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { createFederation, federatedSettings, placeModel } from './federation.ts';

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
    placeModel(object, new THREE.Vector3(10, 0, -5), {
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

function fakeModel(modelId: string) {
  return {
    modelId,
    object: new THREE.Object3D(),
    setColor: vi.fn(async () => undefined),
    resetColor: vi.fn(async () => undefined),
    setOpacity: vi.fn(async () => undefined),
    resetOpacity: vi.fn(async () => undefined),
  };
}

describe('createFederation', () => {
  const setup = () => {
    const loaded = new Map<string, ReturnType<typeof fakeModel>>();
    const context = {
      model: (id: string) => (id === 'urn:own' ? ({} as FragmentsModel) : null),
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
    };
    return { federation: createFederation(context, loader), loader, loaded };
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
});
