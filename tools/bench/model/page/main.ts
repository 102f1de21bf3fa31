/**
 * The bench page: the reference loads Penstock is compared with, each timed from the call (as from a click)
 * and including the download. window.modelBench is driven by browserBench.ts, one fresh browser per call.
 */
import * as THREE from 'three';
import { FragmentsModels, IfcImporter, type FragmentsModel } from '@thatopen/fragments';
import workerUrl from '@thatopen/fragments/worker?url';

export interface Timing {
  toDrawnMs: number;
  toReadyMs: number;
  /** objects (a: with geometry; c: whose data was read) */
  count: number;
  /** property sets read ((c) only) */
  psets?: number;
}

const host = document.getElementById('view')!;
const renderer = new THREE.WebGLRenderer({ antialias: false });
renderer.setSize(host.clientWidth, host.clientHeight);
host.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xf4f5f7);
scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2.5));
const camera = new THREE.PerspectiveCamera(45, host.clientWidth / host.clientHeight, 0.1, 100_000);
const fragments = new FragmentsModels(workerUrl);
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.arrayBuffer();
}

function hasVisibleMesh(root: THREE.Object3D): boolean {
  if (!root.visible) return false;
  return (root as THREE.Mesh).isMesh || root.children.some(hasVisibleMesh);
}

function untilMeshesShown(model: FragmentsModel): Promise<void> {
  if (hasVisibleMesh(model.object)) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!hasVisibleMesh(model.object)) return;
      clearTimeout(timer);
      model.onViewUpdated.remove(check);
      resolve();
    };
    const timer = setTimeout(() => {
      model.onViewUpdated.remove(check);
      resolve();
    }, 30_000);
    model.onViewUpdated.add(check);
  });
}

/**
 * Wait until the GPU has drawn what was asked of it: a WebGL draw returns once its commands are queued,
 * and on a software renderer the first frame of a 100k-object plant is rasterised for about 2 s after
 * that, the page frozen meanwhile. Reading one pixel back waits for it.
 */
const pixel = new Uint8Array(4);
function untilRasterised(): void {
  const gl = renderer.getContext();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

/** load, frame the model, stream its tiles for that view, render, and wait for the frame to be shown */
async function draw(bytes: ArrayBuffer | Uint8Array, modelId: string): Promise<FragmentsModel> {
  const model = await fragments.load(bytes, { modelId, camera });
  model.useCamera(camera);
  scene.add(model.object);
  await model.getItemsIdsWithGeometry();
  const sphere = model.box.getBoundingSphere(new THREE.Sphere());
  const distance = sphere.radius / Math.sin((camera.fov * Math.PI) / 360);
  camera.position.copy(sphere.center).add(new THREE.Vector3(1, 0.8, 1).normalize().multiplyScalar(distance));
  camera.lookAt(sphere.center);
  camera.updateMatrixWorld();
  await fragments.update(true);
  // drawn when the first tiles are on the canvas: update() resolves when the worker has taken the view,
  // and the tiles come after it (seconds on a 100k-object plant); Penstock's viewer waits likewise
  await untilMeshesShown(model);
  renderer.render(scene, camera);
  untilRasterised();
  await frame();
  return model;
}

/** (a) the bare FragmentsModels load of a .frag */
async function loadFrag(url: string): Promise<Timing> {
  const start = performance.now();
  const model = await draw(await fetchBytes(url), 'a');
  const toDrawnMs = performance.now() - start;
  const count = (await model.getItemsIdsWithGeometry()).length;
  return { toDrawnMs, toReadyMs: toDrawnMs, count };
}

/** (b) That Open's in-browser IFC load: IfcImporter, then load the bytes (what IfcLoader does) */
async function loadIfc(url: string): Promise<Timing> {
  const start = performance.now();
  const bytes = new Uint8Array(await fetchBytes(url));
  const importer = new IfcImporter();
  importer.wasm = { path: `${location.origin}/web-ifc/`, absolute: true };
  const frag = await importer.process({ bytes });
  const model = await draw(frag, 'b');
  const toDrawnMs = performance.now() - start;
  const count = (await model.getItemsIdsWithGeometry()).length;
  return { toDrawnMs, toReadyMs: toDrawnMs, count };
}

/** (c) load the .frag, then read every object's attributes and property sets from it */
async function readAllProperties(url: string): Promise<Timing> {
  const start = performance.now();
  const model = await draw(await fetchBytes(url), 'c');
  const toDrawnMs = performance.now() - start;
  const ids = await model.getItemsIdsWithGeometry();
  let psets = 0;
  const batch = 5000;
  for (let i = 0; i < ids.length; i += batch) {
    const data = await model.getItemsData(ids.slice(i, i + batch), {
      attributesDefault: true,
      relations: {
        IsDefinedBy: { attributes: true, relations: true },
        DefinesOccurrence: { attributes: false, relations: false },
      },
    });
    for (const item of data) {
      const defined = (item as Record<string, unknown>).IsDefinedBy;
      if (Array.isArray(defined)) psets += defined.length;
    }
  }
  return { toDrawnMs, toReadyMs: performance.now() - start, count: ids.length, psets };
}

const bench = { loadFrag, loadIfc, readAllProperties };
declare global {
  interface Window {
    modelBench: typeof bench;
  }
}
window.modelBench = bench;
document.title = 'bench ready';
