import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import { applyDepthRange, fitBox, fitPlan } from './camera.ts';
import { findStorey, planCutHeight, readStoreys, storeyLevels, type StoreyLevel } from './plan.ts';
import CameraControls from 'camera-controls';
import { createScene } from './scene.ts';
import { PANEL_FIRST_WAIT_MS, Selection, createClickDetector, raycastAt } from './selection.ts';
import type { ObjectRef } from './state.ts';
import { createPlanSection } from './planSection.ts';
import { createGpuPicker, PICK_NOTHING, PICK_UNKNOWN, pixelCentreInClient } from './gpuPick.ts';
import type { ModelViewer, ModelViewerOptions } from './types.ts';
import { ClippingPlanes, type ViewerContext } from './context.ts';
import { createSections } from './sections.ts';
import { createMeasure } from './measure.ts';
import { createAppearance } from './appearance.ts';
import { createFederation } from './federation.ts';
import { untilMeshesShown } from './tiles.ts';
import { VIEWER_THREAD_GROUP, stopIdleWorkers, takeFragmentsWorker } from './warmWorkers.ts';

export const LIGHT_BACKGROUND = 0xf4f5f7;
/** What a plan fades to with depth below its cut. */
const PLAN_DEPTH_COLOUR = 0x3d4a5c;

/** An item of the server's item table that belongs to no object. */
const NO_OBJECT = 0xffffffff;

/** After a click's panel has its values: time for the page to paint it before the next frame. */
const PANEL_PAINT_MS = 20;

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * A 3D viewer of one converted model (.frag) in a container: orbit/pan/zoom (camera-controls), fit, click
 * selection with highlight, isolate, hide, screenshot. Framework-free; the container decides its size.
 */
export function createModelViewer(container: HTMLElement, options: ModelViewerOptions): ModelViewer {
  const view = createScene(container, options.background ?? LIGHT_BACKGROUND);
  const fragments = takeFragmentsWorker(options.workerUrl);
  const selection = new Selection();
  let model: FragmentsModel | null = null;
  // the other models of a federated view (federation.ts), by modelId
  const others = new Map<string, FragmentsModel>();
  // where the other models' .frag bytes come from when a stored view lists them (setModelSource)
  let modelSource: ((versionId: string) => Promise<ArrayBuffer>) | null = null;
  let disposed = false;
  let levels: Promise<StoreyLevel[]> | null = null;
  let planName: string | null = null;
  // the plan's cut: keeps what is below it (normal down, constant = height)
  const cut = new THREE.Plane(new THREE.Vector3(0, -1, 0), 0);
  // every tool's clipping planes (the plan's cut, sections), one list the renderer and worker share
  const clippingPlanes = new ClippingPlanes();
  const clipping = clippingPlanes.all;
  view.renderer.clippingPlanes = clipping;

  // A plan shows the inside of what its cut opens (both faces), shaded darker with depth below the cut
  // (fog) so floors, plinths and equipment tops read apart from straight above.
  const frontSides = new WeakMap<THREE.Material, THREE.Side>();
  const planFaces = (material: THREE.Material) => {
    if (!frontSides.has(material)) frontSides.set(material, material.side);
    material.side = planName === null ? (frontSides.get(material) ?? material.side) : THREE.DoubleSide;
    material.needsUpdate = true;
  };
  // the cut itself: outlines and fills where the plan's plane cuts the model
  const section = createPlanSection(view.scene, () => redraw());

  const planLook = (cameraHeight: number) => {
    for (const material of fragments.models.materials.list.values()) {
      if (!('isLodMaterial' in material && material.isLodMaterial)) planFaces(material);
    }
    const box = model?.box;
    view.scene.fog =
      planName === null || !box
        ? null
        : // fully faded only well below the model's bottom: the lowest floor keeps about half its colour
          new THREE.Fog(
            PLAN_DEPTH_COLOUR,
            cameraHeight - cut.constant,
            cameraHeight - cut.constant + 2 * (cut.constant - box.min.y) + 1,
          );
  };

  // Offset the model's faces a little so its edges do not flicker against each other (That Open's advice).
  fragments.models.materials.list.onItemSet.add(({ value: material }) => {
    if (!('isLodMaterial' in material && material.isLodMaterial)) {
      material.polygonOffset = true;
      material.polygonOffsetUnits = 1;
      material.polygonOffsetFactor = Math.random();
      if (planName !== null) planFaces(material);
    }
  });

  // a click reads the object id from the GPU; only geometry Fragments does not number goes to the worker
  const picker = createGpuPicker(
    view.renderer,
    view.scene,
    () => model?.object ?? null,
    () => view.camera,
  );

  // Fragments streams tiles for the current view: update it when the camera comes to rest or moves.
  const update = () => {
    if (disposed) return;
    void fragments.update(true).then(() => view.requestRender());
  };
  view.controls.addEventListener('rest', update);
  view.controls.addEventListener('sleep', update);
  let lastUpdate = 0;
  view.controls.addEventListener('update', () => {
    // the near and far planes follow the camera (before the frame is drawn), for depth precision
    // every shown model of a federated view, not only the tab's own, stays between the near and far planes
    applyDepthRange(view.controls, model ? context.box() : null);
    picker.invalidate();
    const now = performance.now();
    if (now - lastUpdate > 200) {
      lastUpdate = now;
      update();
    }
  });
  const redraw = () => view.requestRender();
  // the model's meshes change asynchronously while tiles arrive from the worker; the id buffer of the
  // GPU picker is redrawn when the set of drawn meshes changes (not for a highlight, which keeps the ids)
  let meshSignature = '';
  const onViewUpdated = () => {
    redraw();
    let count = 0;
    let sum = 0;
    // the id buffer holds the tab's own model only; the other models are raycast (pickObject)
    model?.object.traverse((object) => {
      if (object.visible && (object as THREE.Mesh).isMesh) {
        count++;
        sum += object.id;
      }
    });
    const signature = `${count}:${sum}`;
    if (signature !== meshSignature) {
      meshSignature = signature;
      picker.invalidate();
    }
  };

  const localIdOfItem = new Map<number, number | null>();
  // the server's item → localId table (fetched beside the .frag): a pick needs no worker round trip
  let itemLocalIds: Uint32Array | null = null;
  /** The object of an item in that table: a localId, null (an item of no object), undefined (not in it). */
  const tableLocalId = (item: number): number | null | undefined => {
    if (!itemLocalIds || item >= itemLocalIds.length) return undefined;
    const localId = itemLocalIds[item]!;
    return localId === NO_OBJECT ? null : localId;
  };
  const pick = async (clientX: number, clientY: number): Promise<number | null> => {
    const current = model;
    if (!current || disposed) return null;
    const bounds = view.canvas.getBoundingClientRect();
    const item = picker.pickItem(clientX - bounds.left, clientY - bounds.top);
    if (item === PICK_NOTHING) return null;
    if (item === PICK_UNKNOWN) return raycastAt(current, view.camera, view.canvas, clientX, clientY);
    const known = tableLocalId(item);
    if (known !== undefined) return known;
    if (!localIdOfItem.has(item)) {
      const [localId] = await current.getLocalIdsFromItemIds([item]);
      localIdOfItem.set(item, localId ?? null);
    }
    return localIdOfItem.get(item) ?? null;
  };

  /** The shown other models (federation), for raycasting. */
  const shownOthers = () => [...others.values()].filter((m) => m.object.visible);
  /**
   * The object under a canvas point in any model: the tab's own from the GPU id buffer; when other models
   * are shown they are raycast, and the nearest hit wins (the own model is then raycast too for its distance).
   */
  const pickObject = async (
    clientX: number,
    clientY: number,
  ): Promise<{ model: FragmentsModel; localId: number } | null> => {
    const current = model;
    if (!current || disposed) return null;
    const visibleOthers = shownOthers();
    if (visibleOthers.length === 0) {
      const localId = await pick(clientX, clientY);
      return localId === null ? null : { model: current, localId };
    }
    const mouse = new THREE.Vector2(clientX, clientY);
    const cast = (m: FragmentsModel) =>
      m.raycast({ camera: view.camera, mouse, dom: view.canvas }).catch(() => null);
    const [own, ...hits] = await Promise.all([current, ...visibleOthers].map(cast));
    let best: { model: FragmentsModel; localId: number; distance: number } | null = null;
    [own, ...hits].forEach((hit, i) => {
      if (hit && (!best || hit.distance < best.distance)) {
        best = {
          model: i === 0 ? current : visibleOthers[i - 1]!,
          localId: hit.localId,
          distance: hit.distance,
        };
      }
    });
    return best;
  };

  let clicksUnderWay = 0;
  const clicks = createClickDetector((event) => {
    if (clickOwner) {
      clickOwner(event);
      return;
    }
    // the properties panel first: on a big model a frame, and the highlight (the worker sends the
    // highlighted tiles back), keep the page busy for a while, so both wait until the panel has its values
    const shown = (async () => {
      const hit = await pickObject(event.clientX, event.clientY);
      const own = !hit || hit.model === model;
      await selection.emit(hit?.localId ?? null, PANEL_FIRST_WAIT_MS, own ? undefined : hit.model.modelId);
      // one more turn for the page to put the panel on screen
      await new Promise((resolve) => setTimeout(resolve, PANEL_PAINT_MS));
      return hit;
    })();
    view.holdFrames(shown);
    clicksUnderWay++;
    void shown
      .then(async (hit) => {
        await applySelection(hit ? [[hit.model, [hit.localId]]] : []);
        await fragments.update(true);
        redraw();
      })
      .catch(() => undefined)
      .finally(() => clicksUnderWay--);
  });
  // a tool that takes the clicks for a while (measuring, placing a section): the selection stays
  let clickOwner: ((event: PointerEvent) => void) | null = null;
  const onDown = (event: PointerEvent) => clicks.down(event);
  const onUp = (event: PointerEvent) => clicks.up(event);
  view.canvas.addEventListener('pointerdown', onDown);
  view.canvas.addEventListener('pointerup', onUp);

  const storeys = (): Promise<StoreyLevel[]> => {
    const current = model;
    if (!current) return Promise.resolve([]);
    levels ??= readStoreys(current).then((raw) => storeyLevels(raw, current.box.min.y, current.box.max.y));
    return levels;
  };

  const refresh = async () => {
    await fragments.update(true);
    redraw();
  };

  // what the tools (sections, measurement, appearance) see of the viewer
  const context: ViewerContext = {
    scene: view.scene,
    renderer: view.renderer,
    canvas: view.canvas,
    controls: view.controls,
    camera: () => view.camera,
    models: () => (model ? [model, ...others.values()] : []),
    model: (modelId) => (model?.modelId === modelId ? model : (others.get(modelId) ?? null)),
    box: () => {
      const box = new THREE.Box3();
      if (model) box.union(model.box);
      for (const other of shownOthers()) box.union(other.box);
      return box;
    },
    requestRender: redraw,
    refresh,
    setClipping(owner, planes) {
      clippingPlanes.set(owner, planes);
      picker.invalidate();
      redraw();
    },
    clipping: () => clipping,
    takeClicks(owner) {
      clickOwner = owner;
    },
    pickCached(clientX, clientY) {
      // the id buffer and the item table alone: no GPU pass, no worker round trip
      if (!model || !picker.bufferReady() || shownOthers().length) return undefined;
      const bounds = view.canvas.getBoundingClientRect();
      const item = picker.pickItem(clientX - bounds.left, clientY - bounds.top);
      if (item === PICK_NOTHING) return null;
      const localId = item === PICK_UNKNOWN ? undefined : tableLocalId(item);
      if (localId === undefined) return undefined;
      return localId === null ? null : { model, localId };
    },
    onViewChange(callback) {
      view.controls.addEventListener('update', callback);
      return () => view.controls.removeEventListener('update', callback);
    },
    disposed: () => disposed,
  };
  // caps without a chosen colour take a model's colour by model (the federation's), else its materials'
  const sections = createSections(context, { modelColour: (modelId) => federation.look(modelId).colour });
  const measurements = createMeasure(context);
  const selectedRefs = (): ObjectRef[] =>
    selection.entries.flatMap(([on, ids]) => ids.map((localId) => ({ model: on.modelId, localId })));
  // hidden, isolated, x-ray and coloured objects of every model (the model tree and Isolate Hazards too)
  const appearance = createAppearance(context, {
    selected: selectedRefs,
    drawn: () => picker.invalidate(),
    // a federated model's colour by model and opacity, drawn under the appearance's own
    modelLook: (modelId) => federation.look(modelId),
  });
  /** Select these objects (and nothing else): the appearance keeps the selection solid and unpainted. */
  const applySelection = (entries: ReadonlyArray<readonly [FragmentsModel, readonly number[]]>) =>
    appearance.select(
      entries.flatMap(([on, ids]) => ids.map((localId) => ({ model: on.modelId, localId }))),
      () => selection.applyAll(entries),
    );
  const federation = createFederation(context, {
    async load(fragBytes, modelId) {
      if (!model || disposed) throw new Error("The tab's model is not loaded yet.");
      try {
        const loaded = await fragments.load(fragBytes, {
          modelId,
          camera: view.camera,
          threadGroup: VIEWER_THREAD_GROUP,
        });
        if (disposed) throw new Error('The viewer was closed.');
        loaded.useCamera(view.camera);
        loaded.getClippingPlanesEvent = () => clipping;
        view.scene.add(loaded.object);
        loaded.onViewUpdated.add(onViewUpdated);
        others.set(modelId, loaded);
        await appearance.track(loaded, await loaded.getItemsIdsWithGeometry());
        return loaded;
      } catch (failure) {
        throw new Error(`The model could not be added: ${messageOf(failure)}`, { cause: failure });
      }
    },
    async unload(other) {
      others.delete(other.modelId);
      selection.forget(other);
      appearance.untrack(other);
      view.scene.remove(other.object);
      await fragments.disposeModel(other.modelId).catch(() => undefined);
    },
    repaint: (modelId) => appearance.repaint(modelId),
  });

  const api: ModelViewer = {
    async load(fragBytes, modelId) {
      if (disposed) throw new Error('The viewer was closed.');
      if (model) throw new Error('This viewer already shows a model.');
      try {
        const loaded = await fragments.load(fragBytes, {
          modelId,
          camera: view.camera,
          threadGroup: VIEWER_THREAD_GROUP,
        });
        if (disposed) return;
        model = loaded;
        loaded.useCamera(view.camera);
        // the worker culls and raycasts against the same planes the renderer clips with
        loaded.getClippingPlanesEvent = () => clipping;
        view.scene.add(loaded.object);
        loaded.onViewUpdated.add(onViewUpdated);
        // one round of tiles for the framed view: the camera is placed before the first update
        const withGeometry = loaded.getItemsIdsWithGeometry();
        await fitBox(view.controls, loaded.box, false);
        await refresh();
        const items = await withGeometry;
        await appearance.track(loaded, items);
        // drawn when the first tiles are on the canvas, not when the worker has taken the view
        if (items.length > 0) await untilMeshesShown(loaded);
        redraw();
        picker.arm();
      } catch (failure) {
        throw new Error(`The model could not be loaded: ${messageOf(failure)}`, { cause: failure });
      }
    },
    async fit(localIds) {
      if (!model) return;
      if (planName !== null) {
        planLook(fitPlan(view, model.box, true));
        await refresh();
        return;
      }
      const all = context.box();
      const box = localIds?.length ? await model.getMergedBox([...localIds]) : all;
      await fitBox(view.controls, box.isEmpty() ? all : box, true, all);
      await refresh();
    },
    async fitModel(modelId) {
      const target = context.model(modelId);
      if (!target) return;
      await fitBox(view.controls, target.box, true, context.box());
      await refresh();
    },
    async pickObject(clientX, clientY) {
      const hit = await pickObject(clientX, clientY);
      return hit ? { model: hit.model.modelId, localId: hit.localId } : null;
    },
    onSelect: (callback) => selection.subscribe(callback),
    async select(localIds) {
      await applySelection(model ? [[model, localIds]] : []);
      await refresh();
    },
    // the selected objects of the tab's own model (selectedObjects() has those of any model)
    selected: () => selection.of(model),
    // the tab's own model's objects, through the appearance tool (undoable, kept with stored views)
    async isolate(localIds) {
      if (!model) return;
      const own = model.modelId;
      await appearance.isolate(localIds && localIds.map((localId) => ({ model: own, localId })));
    },
    async hide(localIds, hidden) {
      if (!model) return;
      const own = model.modelId;
      await appearance.hide(
        localIds.map((localId) => ({ model: own, localId })),
        hidden,
      );
    },
    hidden: () => (model ? appearance.hiddenIn(model.modelId) : []),
    visibleCount: () => (model ? appearance.visibleCount(model.modelId) : 0),
    storeys,
    async showPlan(storeyName) {
      if (!model || disposed) throw new Error('The model is not loaded yet.');
      if (storeyName === null) {
        planName = null;
        clippingPlanes.set('plan', []);
        view.useCamera('perspective');
        model.useCamera(view.camera);
        view.controls.mouseButtons.left = CameraControls.ACTION.ROTATE;
        view.controls.mouseButtons.wheel = CameraControls.ACTION.DOLLY;
        view.controls.minPolarAngle = 0;
        view.controls.maxPolarAngle = Math.PI;
        planLook(0);
        section.clear();
        await fitBox(view.controls, model.box, false);
        await refresh();
        return;
      }
      const storey = findStorey(await storeys(), storeyName);
      if (!storey) throw new Error(`The model has no storey named '${storeyName}'.`);
      planName = storey.name;
      cut.constant = planCutHeight(storey.elevation);
      clippingPlanes.set('plan', [cut]);
      view.useCamera('orthographic');
      model.useCamera(view.camera);
      // a plan is read flat: left drag pans, the wheel zooms, no orbiting away from top-down
      view.controls.mouseButtons.left = CameraControls.ACTION.TRUCK;
      view.controls.mouseButtons.wheel = CameraControls.ACTION.ZOOM;
      view.controls.minPolarAngle = 0;
      view.controls.maxPolarAngle = 0;
      planLook(fitPlan(view, model.box, false));
      section.clear();
      // the section is a refinement: the plan stands without it
      void section.draw(model, cut, () => planName !== null && !disposed).catch(() => undefined);
      await refresh();
    },
    plan: () => planName,
    federation,
    setModelSource(source) {
      modelSource = source;
    },
    takeClicks(owner) {
      clickOwner = owner;
    },
    selectedObjects: selectedRefs,
    async selectObjects(refs) {
      const entries: [FragmentsModel, number[]][] = [];
      for (const ref of refs) {
        const on = context.model(ref.model);
        if (!on) continue;
        const entry = entries.find(([m]) => m === on);
        if (entry) entry[1].push(ref.localId);
        else entries.push([on, [ref.localId]]);
      }
      await applySelection(entries);
      await refresh();
    },
    sections,
    measurements,
    appearance,
    pick,
    screenshot() {
      view.renderer.render(view.scene, view.camera);
      return view.canvas.toDataURL('image/png');
    },
    viewerState() {
      const position = new THREE.Vector3();
      const target = new THREE.Vector3();
      view.controls.getPosition(position);
      view.controls.getTarget(target);
      const plain = (v: THREE.Vector3) => ({ x: v.x, y: v.y, z: v.z });
      return {
        version: 2 as const,
        kind: '3d' as const,
        camera: { position: plain(position), target: plain(target) },
        plan: planName,
        selection: [...selection.of(model)],
        otherSelection: api.selectedObjects().filter((ref) => ref.model !== model?.modelId),
        models: federation.list(),
        sections: sections.state(),
        measurements: measurements.list(),
        appearance: appearance.state(),
      };
    },
    async restoreViewerState(state) {
      if (!model || disposed) return;
      if (state.plan !== planName) await api.showPlan(state.plan);
      const { position: p, target: t } = state.camera;
      await view.controls.setLookAt(p.x, p.y, p.z, t.x, t.y, t.z, false);
      if (state.models && modelSource) await federation.restore(state.models, modelSource);
      const own = state.selection.map((localId) => ({ model: model!.modelId, localId }));
      await api.selectObjects([...own, ...(state.otherSelection ?? [])]);
      await sections.restore(state.sections);
      measurements.restore(state.measurements);
      await appearance.restore(state.appearance);
      await refresh();
    },
    async pickPoint(clientX, clientY) {
      if (!model || disposed) return null;
      const mouse = new THREE.Vector2(clientX, clientY);
      const candidates = [model, ...shownOthers()];
      const hits = await Promise.all(
        candidates.map((m) => m.raycast({ camera: view.camera, mouse, dom: view.canvas }).catch(() => null)),
      );
      let best: { hit: NonNullable<(typeof hits)[number]>; model: FragmentsModel } | null = null;
      hits.forEach((hit, i) => {
        if (hit && (!best || hit.distance < best.hit.distance)) best = { hit, model: candidates[i]! };
      });
      if (!best) return null;
      const { hit, model: on } = best as { hit: NonNullable<(typeof hits)[number]>; model: FragmentsModel };
      return {
        localId: hit.localId,
        modelId: on.modelId,
        point: { x: hit.point.x, y: hit.point.y, z: hit.point.z },
      };
    },
    toScreen(point) {
      const projected = new THREE.Vector3(point.x, point.y, point.z).project(view.camera);
      if (projected.z > 1 || projected.z < -1) return null;
      const { clientWidth: width, clientHeight: height } = view.canvas;
      return { x: ((projected.x + 1) / 2) * width, y: ((1 - projected.y) / 2) * height };
    },
    async screenPoints(localIds) {
      if (!model || disposed || localIds.length === 0) return localIds.map(() => null);
      const boxes = await model.getBoxes([...localIds]);
      const bounds = view.canvas.getBoundingClientRect();
      const centre = new THREE.Vector3();
      return localIds.map((_, i) => {
        const box = boxes[i];
        if (!box || box.isEmpty()) return null;
        const at = api.toScreen(box.getCenter(centre));
        if (!at || at.x < 0 || at.y < 0 || at.x >= bounds.width || at.y >= bounds.height) return null;
        return pixelCentreInClient(bounds, at.x, at.y);
      });
    },
    onViewChange(callback) {
      view.controls.addEventListener('update', callback);
      return () => view.controls.removeEventListener('update', callback);
    },
    resize: () => {
      view.resize();
      picker.invalidate();
    },
    setItemIndex(localIdsOfItems) {
      itemLocalIds = localIdsOfItems;
    },
    pickReady: () => picker.bufferReady(),
    drawnObjects() {
      const items = picker.drawnItems();
      if (!items || !itemLocalIds) return null;
      const objects = new Set<number>();
      for (const item of items) {
        const localId = tableLocalId(item);
        if (typeof localId === 'number') objects.add(localId);
      }
      return objects;
    },
    settled: () => picker.bufferReady() && view.idle() && clicksUnderWay === 0,
    dispose() {
      if (disposed) return;
      disposed = true;
      view.canvas.removeEventListener('pointerdown', onDown);
      view.canvas.removeEventListener('pointerup', onUp);
      section.clear();
      sections.dispose();
      measurements.dispose();
      appearance.dispose();
      picker.dispose();
      if (model) view.scene.remove(model.object);
      for (const other of others.values()) view.scene.remove(other.object);
      others.clear();
      void fragments
        .dispose()
        .catch(() => undefined)
        .finally(() => stopIdleWorkers(fragments));
      view.dispose();
    },
  };
  return api;
}
