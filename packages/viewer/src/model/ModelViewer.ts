import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import { applyDepthRange, fitBox, fitPlan } from './camera.ts';
import { findStorey, planCutHeight, readStoreys, storeyLevels, type StoreyLevel } from './plan.ts';
import CameraControls from 'camera-controls';
import { createScene } from './scene.ts';
import { PANEL_FIRST_WAIT_MS, Selection, createClickDetector } from './selection.ts';
import type { ObjectRef } from './state.ts';
import { createPlanSection } from './planSection.ts';
import { pixelCentreInClient } from './gpuPick.ts';
import { createModelPicking } from './picking.ts';
import type { ModelViewer, ModelViewerOptions } from './types.ts';
import { ClippingPlanes, type ViewerContext } from './context.ts';
import { createSections } from './sections.ts';
import { createMeasure } from './measure.ts';
import { createAppearance } from './appearance.ts';
import { createFederation } from './federation.ts';
import {
  createObjectIdCache,
  fromStoredState,
  isStoredViewerState,
  toStoredState,
  versionsOfStoredState,
  versionsOfViewerState,
} from './storedState.ts';
import { untilMeshesShown } from './tiles.ts';
import { watchTileChanges } from './tileChanges.ts';
import { VIEWER_THREAD_GROUP, stopIdleWorkers, takeFragmentsWorker } from './warmWorkers.ts';

export const LIGHT_BACKGROUND = 0xf4f5f7;
/** What a plan fades to with depth below its cut. */
const PLAN_DEPTH_COLOUR = 0x3d4a5c;

/** After a click's panel has its values: time for the page to paint it before the next frame. */
const PANEL_PAINT_MS = 20;

/** How long a model added to the view waits for its first tiles, and holds the frames, at most. */
const ADDED_TILES_WAIT_MS = 10_000;

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * A 3D viewer of one converted model (.frag) in a container: orbit/pan/zoom (camera-controls), fit, click
 * selection with highlight, isolate, hide, screenshot. Framework-free; the container decides its size.
 */
export function createModelViewer(container: HTMLElement, options: ModelViewerOptions): ModelViewer {
  const view = createScene(container, options.background ?? LIGHT_BACKGROUND);
  const fragments = takeFragmentsWorker(options.workerUrl);
  const selection = new Selection();
  // which of Fragments' view updates changed the tiles (the others ask for no frame)
  const tileChanges = watchTileChanges(fragments);
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

  // a click reads the model and object id from the GPU (one id buffer for every shown model); only geometry
  // Fragments does not number goes to the worker
  const picking = createModelPicking({
    renderer: view.renderer,
    scene: view.scene,
    canvas: view.canvas,
    camera: () => view.camera,
    models: () => (model ? [model, ...others.values()] : []),
    disposed: () => disposed,
    // not while frames are held (a click's panel first), nor while a frame waits to be drawn (tiles still
    // arriving): the id pass costs the GPU as much as a frame, and the next frame would wait for it
    held: () => view.held() || !view.idle(),
  });
  // where the item tables of added models come from (setItemIndexSource)
  let itemIndexSource: ((versionId: string) => Promise<Uint32Array>) | null = null;
  // the GlobalIds of each model version, for the stored form of a view (setObjectIdSource)
  const objectIds = createObjectIdCache();
  // the box around every shown model: kept until models, their offsets or their visibility change (the
  // depth range follows it at every camera move)
  let shownBox: THREE.Box3 | null = null;
  const modelsChanged = () => {
    shownBox = null;
    picking.invalidate();
  };
  const boxOfShown = () => {
    if (!shownBox) {
      shownBox = new THREE.Box3();
      if (model) shownBox.union(model.box);
      for (const other of shownOthers()) shownBox.union(other.box);
    }
    return shownBox;
  };

  // Fragments streams tiles for the current view: update it when the camera comes to rest or moves.
  const update = () => {
    if (disposed) return;
    void fragments.update(true).then(() => view.requestTileRender());
  };
  view.controls.addEventListener('rest', update);
  view.controls.addEventListener('sleep', update);
  let lastUpdate = 0;
  view.controls.addEventListener('update', () => {
    // the near and far planes follow the camera (before the frame is drawn), for depth precision
    // every shown model of a federated view, not only the tab's own, stays between the near and far planes
    applyDepthRange(view.controls, model ? boxOfShown() : null);
    picking.invalidate();
    const now = performance.now();
    if (now - lastUpdate > 200) {
      lastUpdate = now;
      update();
    }
  });
  const redraw = () => view.requestRender();
  // the models' meshes change asynchronously while tiles arrive from the worker; the id buffer of the
  // GPU picker is redrawn when the set of drawn meshes changes (not for a highlight, which keeps the ids)
  const onViewUpdated = () => {
    // a FINISH alone (Fragments refreshing a view that did not change): nothing new to draw
    if (!tileChanges.changed()) return;
    // spaced from the last frame (frameScheduler.ts): a click or a camera move is drawn first
    view.requestTileRender();
    picking.meshesChanged();
  };

  /** The shown other models (federation). */
  const shownOthers = () => [...others.values()].filter((m) => m.object.visible);
  const pickObject = (clientX: number, clientY: number) => picking.pickObject(clientX, clientY);
  const pick = (clientX: number, clientY: number) => picking.pick(clientX, clientY);

  let clicksUnderWay = 0;
  const clicks = createClickDetector((event) => {
    if (clickOwner) {
      clickOwner(event);
      return;
    }
    // the properties panel first: on a big model a frame, and the highlight (the worker sends the
    // highlighted tiles back), keep the page busy for a while, so both wait until the panel has its values
    const shown = (async () => {
      const fromBuffer = picking.ready();
      const hit = await pickObject(event.clientX, event.clientY);
      // User Timing marks of a click's steps, for the model bench
      performance.mark?.(`penstock:click:picked:${fromBuffer ? 'buffer' : 'stale'}`);
      const own = !hit || hit.model === model;
      await selection.emit(hit?.localId ?? null, PANEL_FIRST_WAIT_MS, own ? undefined : hit.model.modelId);
      performance.mark?.('penstock:click:values');
      // one more turn for the page to put the panel on screen
      await new Promise((resolve) => setTimeout(resolve, PANEL_PAINT_MS));
      return hit;
    })();
    view.holdFrames(shown);
    clicksUnderWay++;
    void shown
      .then(async (hit) => {
        await applySelection(hit ? [[hit.model, [hit.localId]]] : []);
        tileChanges.expectChanges();
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
    tileChanges.expectChanges();
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
    box: () => boxOfShown().clone(),
    requestRender: redraw,
    refresh,
    setClipping(owner, planes) {
      clippingPlanes.set(owner, planes);
      picking.invalidate();
      redraw();
    },
    clipping: () => clipping,
    takeClicks(owner) {
      clickOwner = owner;
    },
    pickCached: (clientX, clientY) => picking.pickCached(clientX, clientY),
    pointCached: (clientX, clientY) => picking.pointCached(clientX, clientY),
    onPickReady: (callback) => picking.onReady(callback),
    pickReady: () => picking.ready(),
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
    drawn: () => picking.invalidate(),
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
        performance.mark?.(`penstock:add:parsed:${modelId.replace(/^urn:/, '')}`);
        loaded.useCamera(view.camera);
        loaded.getClippingPlanesEvent = () => clipping;
        view.scene.add(loaded.object);
        loaded.onViewUpdated.add(onViewUpdated);
        others.set(modelId, loaded);
        modelsChanged();
        // its item table, so picks on it name their object without the worker
        const source = itemIndexSource;
        if (source && modelId.startsWith('urn:')) {
          void source(modelId.slice('urn:'.length))
            .then((table) => others.get(modelId) === loaded && picking.setModelItemIndex(modelId, table))
            .catch(() => undefined);
        }
        await appearance.track(loaded, await loaded.getItemsIdsWithGeometry());
        return loaded;
      } catch (failure) {
        throw new Error(`The model could not be added: ${messageOf(failure)}`, { cause: failure });
      }
    },
    async unload(other) {
      others.delete(other.modelId);
      picking.setModelItemIndex(other.modelId, null);
      modelsChanged();
      selection.forget(other);
      appearance.untrack(other);
      view.scene.remove(other.object);
      await fragments.disposeModel(other.modelId).catch(() => undefined);
    },
    repaint: (modelId) => appearance.repaint(modelId),
    async drawn(added) {
      if (appearance.visibleCount(added.modelId) > 0) await untilMeshesShown(added, ADDED_TILES_WAIT_MS);
    },
  });
  // a model being added is drawn with its first tiles in one frame: on a slow GPU (a frame of the 100k
  // plant keeps the page waiting about 3 s on SwiftShader) each frame drawn meanwhile held up every step
  // of the add behind it; a camera move (the user's, or a fit) shows at once
  federation.onLoading((work) => view.holdFramesWhileStill(work, ADDED_TILES_WAIT_MS));
  // a model shown, hidden or moved: the box and the id buffer again
  federation.onChange(modelsChanged);

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
        modelsChanged();
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
        picking.arm();
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
    async fitObjects(refs) {
      const box = new THREE.Box3();
      for (const on of new Set(refs.map((ref) => ref.model))) {
        const target = context.model(on);
        const ids = refs.filter((ref) => ref.model === on).map((ref) => ref.localId);
        if (target && ids.length) box.union(await target.getMergedBox(ids));
      }
      if (box.isEmpty()) return;
      await fitBox(view.controls, box, true, context.box());
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
    setItemIndexSource(source) {
      itemIndexSource = source;
    },
    setObjectIdSource: (source) => objectIds.setSource(source),
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
    async storedViewerState() {
      const state = api.viewerState();
      const own = model?.modelId ?? '';
      return toStoredState(state, own, await objectIds.lookups(versionsOfViewerState(state, own)));
    },
    async restoreViewerState(stored) {
      if (!model || disposed) return;
      const state = isStoredViewerState(stored)
        ? fromStoredState(stored, model.modelId, await objectIds.lookups(versionsOfStoredState(stored)))
        : stored;
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
      picking.invalidate();
    },
    setItemIndex(localIdsOfItems) {
      picking.setItemIndex(localIdsOfItems);
    },
    pickReady: () => picking.ready(),
    drawnObjects: () => picking.drawnObjects(),
    settled: () => picking.ready() && view.idle() && clicksUnderWay === 0,
    dispose() {
      if (disposed) return;
      disposed = true;
      view.canvas.removeEventListener('pointerdown', onDown);
      view.canvas.removeEventListener('pointerup', onUp);
      section.clear();
      sections.dispose();
      measurements.dispose();
      appearance.dispose();
      picking.dispose();
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
