import { FragmentsModels, type FragmentsModel } from '@thatopen/fragments';
import { fitBox } from './camera.ts';
import { isolate } from './isolate.ts';
import { createScene } from './scene.ts';
import { Selection, createClickDetector, raycastAt } from './selection.ts';
import type { ModelViewer, ModelViewerOptions } from './types.ts';

export const LIGHT_BACKGROUND = 0xf4f5f7;

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * A 3D viewer of one converted model (.frag) in a container: orbit/pan/zoom (camera-controls), fit, click
 * selection with highlight, isolate, screenshot. Framework-free; the container decides its size.
 */
export function createModelViewer(container: HTMLElement, options: ModelViewerOptions): ModelViewer {
  const view = createScene(container, options.background ?? LIGHT_BACKGROUND);
  const fragments = new FragmentsModels(options.workerUrl);
  const selection = new Selection();
  let model: FragmentsModel | null = null;
  let geometryIds: number[] = [];
  let visible = 0;
  let disposed = false;

  // Offset the model's faces a little so its edges do not flicker against each other (That Open's advice).
  fragments.models.materials.list.onItemSet.add(({ value: material }) => {
    if (!('isLodMaterial' in material && material.isLodMaterial)) {
      material.polygonOffset = true;
      material.polygonOffsetUnits = 1;
      material.polygonOffsetFactor = Math.random();
    }
  });

  // Fragments streams tiles for the current view: update it when the camera comes to rest or moves.
  const update = () => {
    if (disposed) return;
    void fragments.update(true).then(() => view.requestRender());
  };
  view.controls.addEventListener('rest', update);
  view.controls.addEventListener('sleep', update);
  let lastUpdate = 0;
  view.controls.addEventListener('update', () => {
    const now = performance.now();
    if (now - lastUpdate > 200) {
      lastUpdate = now;
      update();
    }
  });
  const redraw = () => view.requestRender();
  // the model's meshes change asynchronously while tiles arrive from the worker
  const onViewUpdated = () => redraw();

  const pick = async (clientX: number, clientY: number): Promise<number | null> => {
    if (!model || disposed) return null;
    return raycastAt(model, view.camera, view.canvas, clientX, clientY);
  };

  const clicks = createClickDetector((event) => {
    void (async () => {
      const localId = await pick(event.clientX, event.clientY);
      await selection.apply(model, localId === null ? [] : [localId]);
      await fragments.update(true);
      redraw();
      selection.emit(localId);
    })();
  });
  const onDown = (event: PointerEvent) => clicks.down(event);
  const onUp = (event: PointerEvent) => clicks.up(event);
  view.canvas.addEventListener('pointerdown', onDown);
  view.canvas.addEventListener('pointerup', onUp);

  const refresh = async () => {
    await fragments.update(true);
    redraw();
  };

  return {
    async load(fragBytes, modelId) {
      if (disposed) throw new Error('The viewer was closed.');
      if (model) throw new Error('This viewer already shows a model.');
      try {
        const loaded = await fragments.load(fragBytes, { modelId, camera: view.camera });
        if (disposed) return;
        model = loaded;
        loaded.useCamera(view.camera);
        view.scene.add(loaded.object);
        loaded.onViewUpdated.add(onViewUpdated);
        geometryIds = await loaded.getItemsIdsWithGeometry();
        visible = geometryIds.length;
        await fragments.update(true);
        await fitBox(view.controls, loaded.box, false);
        await refresh();
      } catch (failure) {
        throw new Error(`The model could not be loaded: ${messageOf(failure)}`, { cause: failure });
      }
    },
    async fit(localIds) {
      if (!model) return;
      const box = localIds?.length ? await model.getMergedBox([...localIds]) : model.box;
      await fitBox(view.controls, box.isEmpty() ? model.box : box, true);
      await refresh();
    },
    onSelect: (callback) => selection.subscribe(callback),
    async select(localIds) {
      await selection.apply(model, localIds);
      await refresh();
    },
    selected: () => selection.ids,
    async isolate(localIds) {
      if (!model) return;
      visible = await isolate(model, geometryIds, localIds);
      await refresh();
    },
    visibleCount: () => visible,
    pick,
    screenshot() {
      view.renderer.render(view.scene, view.camera);
      return view.canvas.toDataURL('image/png');
    },
    resize: () => view.resize(),
    dispose() {
      if (disposed) return;
      disposed = true;
      view.canvas.removeEventListener('pointerdown', onDown);
      view.canvas.removeEventListener('pointerup', onUp);
      if (model) view.scene.remove(model.object);
      void fragments.dispose().catch(() => undefined);
      view.dispose();
    },
  };
}
