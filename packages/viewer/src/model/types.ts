import type { AppearanceTool } from './appearance.ts';
import type { FederationTool } from './federation.ts';
import type { MeasureTool } from './measure.ts';
import type { SectionTool } from './sections.ts';
import type { ObjectIdTable, StoredViewerState } from './storedState.ts';
import type {
  AppearanceState,
  FederatedModelState,
  MeasurementState,
  ObjectRef,
  SectionsState,
  Vec3,
} from './state.ts';

export type { Vec3 } from './state.ts';

/** The framework-free 3D model viewer: what the web app sees of it (and what tests fake). */
export interface ModelViewer {
  /** Draw a converted model (.frag bytes). Throws with a message when the bytes cannot be loaded. */
  load(fragBytes: ArrayBuffer, modelId: string): Promise<void>;
  /** Frame the whole model (or the given objects). */
  fit(localIds?: readonly number[]): Promise<void>;
  /**
   * Called with the picked localId after a click, or null when the click hit nothing. A callback may answer
   * with a promise (its properties loading): the highlight is drawn after it settles (PANEL_FIRST_WAIT_MS at most).
   */
  onSelect(callback: (localId: number | null, modelId?: string) => void | Promise<unknown>): () => void;
  /** Highlight these objects (an empty list clears the highlight). Does not call onSelect. */
  select(localIds: readonly number[]): Promise<void>;
  /** The objects currently selected. */
  selected(): readonly number[];
  /** Show only these objects; null shows everything again. */
  isolate(localIds: readonly number[] | null): Promise<void>;
  /**
   * Hide these objects (hidden true) or show them again (false), as the model tree's eye icons do. Works with
   * isolate: an object shown again stays out while it is outside the isolated set.
   */
  hide(localIds: readonly number[], hidden: boolean): Promise<void>;
  /** The objects hidden with hide (and not shown again). */
  hidden(): readonly number[];
  /** How many objects are visible now. */
  visibleCount(): number;
  /** The localId under a point of the canvas (client coordinates), or null. */
  pick(clientX: number, clientY: number): Promise<number | null>;
  /** The model's storeys (names and floor levels in scene metres), from the lowest. */
  storeys(): Promise<readonly { name: string; elevation: number }[]>;
  /**
   * Show a storey's plan: a top-down orthographic view with everything above the storey's floor + 1.5 m
   * clipped away. null returns to the 3D perspective view. Throws when the model has no such storey.
   */
  showPlan(storeyName: string | null): Promise<void>;
  /** The storey whose plan is shown, or null in the 3D view. */
  plan(): string | null;
  /** The other models of a federated view (federation.ts). */
  readonly federation: FederationTool;
  /**
   * Where the .frag bytes of a model version come from when a stored view (restoreViewerState) lists other
   * models: without it their settings apply only to models already in the view.
   */
  setModelSource(source: ((versionId: string) => Promise<ArrayBuffer>) | null): void;
  /**
   * Where the item table (as setItemIndex takes it) of a model version added to the view comes from: with
   * it, clicks and snaps on an added model name its objects without asking the worker.
   */
  setItemIndexSource(source: ((versionId: string) => Promise<Uint32Array>) | null): void;
  /**
   * Where the object index (localIds and GlobalIds) of a model version comes from: a view is stored with its
   * objects named by model version + GlobalId (storedViewerState) and restored from that form through it.
   */
  setObjectIdSource(source: ((versionId: string) => Promise<ObjectIdTable>) | null): void;
  /**
   * Let a tool take the canvas' clicks (measuring, placing a section on a face): clicks then go to `owner`
   * and do not change the selection; null gives them back.
   */
  takeClicks(owner: ((event: PointerEvent) => void) | null): void;
  /** Frame one model of the view (the tab's own or another). */
  fitModel(modelId: string): Promise<void>;
  /** Frame objects of any models of the view (a model compare's removed object is in the older model). */
  fitObjects(refs: readonly ObjectRef[]): Promise<void>;
  /** The object under a canvas point (client coordinates) in any shown model, as a click finds it; or null. */
  pickObject(clientX: number, clientY: number): Promise<ObjectRef | null>;
  /** The selected objects, of whichever model they are in. */
  selectedObjects(): ObjectRef[];
  /** Select objects of one model (the first's); an empty list clears the selection. */
  selectObjects(refs: readonly ObjectRef[]): Promise<void>;
  /** Section planes and box (sections.ts). */
  readonly sections: SectionTool;
  /** Measurements with snapping (measure.ts). */
  readonly measurements: MeasureTool;
  /** Hide, isolate, x-ray and colour-by across the models (appearance.ts). */
  readonly appearance: AppearanceTool;
  /** The canvas as a PNG data URL. */
  screenshot(): string;
  /** Where the camera is, what is selected and which plan is shown: stored with issues and markups. */
  viewerState(): ModelViewerState;
  /**
   * The view to store (saved views, issues, markups): viewerState with every object of every model named by
   * model version + GlobalId (version 3, storedState.ts), from the object indexes setObjectIdSource gives.
   */
  storedViewerState(): Promise<StoredViewerState>;
  /**
   * Go back to a stored view (camera, plan, selection, models, sections, measurements, appearance): version
   * 3 (objects by GlobalId, found in their version's object index) or 1 and 2 (localIds).
   */
  restoreViewerState(state: ModelViewerState | StoredViewerState): Promise<void>;
  /**
   * The object and the world point under a canvas point (client coordinates), or null; in a federated view
   * the nearest of every shown model's (modelId says which).
   */
  pickPoint(
    clientX: number,
    clientY: number,
  ): Promise<{ localId: number; modelId: string; point: Vec3 } | null>;
  /** Where a world point is drawn, in CSS pixels from the canvas' top left; null when behind the camera. */
  toScreen(point: Vec3): { x: number; y: number } | null;
  /**
   * Where the centres of these objects' boxes are drawn, in client coordinates: the centre of the canvas
   * pixel each falls in; null for an object without geometry or whose centre is off the canvas (benchmarks
   * and tests click there).
   */
  screenPoints(localIds: readonly number[]): Promise<({ clientX: number; clientY: number } | null)[]>;
  /** Called whenever the view moves (for overlays such as issue pins and markups). */
  onViewChange(callback: () => void): () => void;
  /**
   * The localId of every Fragments geometry item (entry i for item i), from the server: clicks then map the
   * picked item to its object without asking the worker.
   */
  setItemIndex(localIdsOfItems: Uint32Array): void;
  /** Whether a click is answered from the GPU id buffer now (the view has settled). */
  pickReady(): boolean;
  /**
   * The objects drawn somewhere on the canvas now, from the GPU id buffer (after setItemIndex); null while
   * the view has not settled. Fragments leaves out objects of a few pixels on screen (benchmarks and tests
   * click only what is drawn).
   */
  drawnObjects(): Set<number> | null;
  /** Nothing under way: no frame to draw, no click being answered, the id buffer ready (benchmarks). */
  settled(): boolean;
  /** Re-read the container size (the viewer also watches it). */
  resize(): void;
  dispose(): void;
}

/**
 * A stored view. Versioned: stored with issues, markups and saved views. Version 1 has the camera, plan and
 * the tab's own model's selection; version 2 adds the optional parts (a version-1 state is a valid 2).
 */
export interface ModelViewerState {
  version: 1 | 2;
  kind: '3d';
  camera: {
    position: Vec3;
    target: Vec3;
    /** version 2: perspective (the default) or orthographic */
    projection?: 'perspective' | 'orthographic';
    /** orthographic: the height of the view in metres */
    viewHeight?: number;
  };
  plan: string | null;
  /** the selected objects of the tab's own model */
  selection: number[];
  /** version 2: the selected objects of the other models */
  otherSelection?: ObjectRef[];
  models?: FederatedModelState[];
  sections?: SectionsState;
  measurements?: MeasurementState[];
  appearance?: AppearanceState;
}

export interface ModelViewerOptions {
  /** Address of the Fragments worker script served by the app (never a CDN). */
  workerUrl: string;
  /** Background colour; light theme by default. */
  background?: number;
}
