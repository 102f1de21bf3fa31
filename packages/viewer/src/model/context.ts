import type { FragmentsModel } from '@thatopen/fragments';
import type CameraControls from 'camera-controls';
import * as THREE from 'three';

/**
 * What a viewer tool (sections, measurement, appearance, federation) sees of the model viewer: the scene,
 * the camera and its controls, the loaded models and the shared clipping. Tools are framework-free objects
 * made with this context (`createSections(context)` …); the React panels only call them.
 */
export interface ViewerContext {
  readonly scene: THREE.Scene;
  readonly renderer: THREE.WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  readonly controls: CameraControls;
  /** the camera drawing now (perspective, or orthographic in a plan or an orthogonal view) */
  camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera;
  /** every loaded model, the tab's own (primary) model first */
  models(): readonly FragmentsModel[];
  /** a loaded model by the id it was loaded with (`urn:<versionId>`) */
  model(modelId: string): FragmentsModel | null;
  /** the box around every loaded, shown model (world coordinates); empty before a model is loaded */
  box(): THREE.Box3;
  /** ask for a frame */
  requestRender(): void;
  /** let Fragments stream tiles for the view again (after visibility, colour or clipping changes), then draw */
  refresh(): Promise<void>;
  /**
   * Set one owner's clipping planes ('plan', 'sections' …). The renderer clips with, and the Fragments
   * worker culls and raycasts against, the union of every owner's planes (three.js keeps where n·p + c ≥ 0).
   */
  setClipping(owner: string, planes: readonly THREE.Plane[]): void;
  /** every clipping plane in force now */
  clipping(): readonly THREE.Plane[];
  /**
   * Let a tool take the canvas' clicks (measuring): they then go to `owner` and do not change the
   * selection; null gives them back.
   */
  takeClicks(owner: ((event: PointerEvent) => void) | null): void;
  /**
   * The object under a canvas point (client coordinates) from the GPU id buffer alone, at once (no render
   * pass, no worker round trip), in any shown model; null over nothing; undefined when the buffer cannot
   * tell (not drawn yet after the camera moved, far-away items drawn as lines, an item of an added model
   * whose item table is not here yet).
   */
  pickCached(clientX: number, clientY: number): { model: FragmentsModel; localId: number } | null | undefined;
  /**
   * The point drawn under a canvas point (client coordinates, world frame) from the GPU id buffer's depth,
   * at once; null where the buffer cannot tell (stale, nothing drawn, geometry without ids).
   */
  pointCached?(clientX: number, clientY: number): THREE.Vector3 | null;
  /** whether the GPU id buffer is drawn for the view shown now (pickCached and pointCached can answer) */
  pickReady?(): boolean;
  /** called each time the GPU id buffer is drawn afresh (the view settled); returns the unsubscribe */
  onPickReady?(callback: () => void): () => void;
  /** called whenever the camera moves */
  onViewChange(callback: () => void): () => void;
  /** whether the viewer was disposed */
  disposed(): boolean;
}

/** Owners' clipping planes merged into one list the renderer and the Fragments worker share. */
export class ClippingPlanes {
  /** the merged list; the same array object always (the renderer and each model keep a reference) */
  readonly all: THREE.Plane[] = [];
  private readonly owners = new Map<string, readonly THREE.Plane[]>();

  set(owner: string, planes: readonly THREE.Plane[]): void {
    if (planes.length) this.owners.set(owner, [...planes]);
    else this.owners.delete(owner);
    this.all.length = 0;
    for (const list of this.owners.values()) this.all.push(...list);
  }

  of(owner: string): readonly THREE.Plane[] {
    return this.owners.get(owner) ?? [];
  }
}
