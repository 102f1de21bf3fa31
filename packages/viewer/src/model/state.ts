/**
 * The parts of a stored view (ModelViewerState version 2) beyond the camera, plan and selection of
 * version 1: the federated models, section planes and box, measurements and appearance. All coordinates
 * are the viewer's world frame (three.js, Y up, metres); the server maps them to BCF (IFC frame, Z up).
 */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** An object of a loaded model: the id the model was loaded with (`urn:<versionId>`) and its localId. */
export interface ObjectRef {
  model: string;
  localId: number;
}

/** A model of the view besides the tab's own, and how it is shown. */
export interface FederatedModelState {
  /** the id the model is loaded with: `urn:<versionId>` */
  modelId: string;
  versionId: string;
  visible: boolean;
  /** 0..1 */
  opacity: number;
  /** '#rrggbb' when the model is drawn in one colour (colour by model), else null */
  colour: string | null;
  /** an administrator's correction: metres in the world frame */
  offset: Vec3;
  /** an administrator's correction: degrees about the vertical axis */
  rotation: number;
}

/** A section plane: cuts away the side its normal points to (BCF's ClippingPlane direction). */
export interface SectionPlaneState {
  id: string;
  origin: Vec3;
  /** unit vector towards the part cut away */
  normal: Vec3;
  /** a hidden plane does not cut */
  visible: boolean;
}

export interface SectionsState {
  planes: SectionPlaneState[];
  /** the section box: only what is inside is drawn */
  box: { min: Vec3; max: Vec3 } | null;
  /** '#rrggbb' for the cut faces, or null for the default grey (DEFAULT_CAP_COLOUR) */
  capColour: string | null;
}

export type MeasurementKind = 'distance' | 'perpendicular' | 'angle' | 'area' | 'point' | 'run';

export interface MeasurementState {
  id: string;
  name: string;
  kind: MeasurementKind;
  /**
   * the picked points (distance: 2; perpendicular: the foot on the first face and the second point; angle: 3
   * with the vertex in the middle; area: the outline; point: 1; run: the two ends of each segment)
   */
  points: Vec3[];
  /** metres, degrees or square metres (a point: its height, z in the model's coordinates) */
  value: number;
  /** the model (`urn:<versionId>`) it was measured on: a point's coordinates are that model's */
  model?: string;
}

/** A row of a colour-by's legend: a value, its colour and how many objects have it. */
export interface LegendRow {
  /** the value ('' for the groups) */
  value: string;
  /** '#rrggbb': the colour of `colours` the row's objects are drawn in */
  colour: string;
  count: number;
  /** 'none': the objects without a value (neutral grey); 'other': the rarest values past the palette, together */
  group?: 'none' | 'other';
}

/**
 * Hidden, isolated, x-ray and coloured objects across the models of a view (appearance.ts): what the model
 * tree's eye icons hid and Isolate Hazards isolated too.
 */
export interface AppearanceState {
  /** hidden objects (whether or not they are isolated) */
  hidden: ObjectRef[];
  /** shown alone (every other object of every model hidden), or null */
  isolated: ObjectRef[] | null;
  /** everything but the selection see-through */
  xray: boolean;
  /** objects drawn in a colour ('#rrggbb'), e.g. by a colour-by; an object is in one entry at most */
  colours: { colour: string; objects: ObjectRef[] }[];
  /** what the colours stand for (the legend of a colour-by), or null */
  colourBy: { property: string; legend: LegendRow[] } | null;
  /**
   * objects x-ray leaves solid, as it does the selection (a model compare's added and changed objects, with
   * the unchanged ones faded); absent or empty: none
   */
  solid?: ObjectRef[];
  /**
   * objects drawn see-through but clearly (OUTLINED_OPACITY, with or without x-ray) with their edges drawn
   * in their colour: a model compare's removed objects, red ghosts that read as the shapes they were;
   * absent or empty: none
   */
  outlined?: ObjectRef[];
}
