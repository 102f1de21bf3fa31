/**
 * An issue's viewer state (ModelViewerState, three.js frame; objects by model version + GlobalId in version
 * 3, by localIds in versions 1 and 2) as a BCF viewpoint (IFC frame, IfcGuids), and a BCF viewpoint as the
 * stored viewer state (version 3) of one of its models. Pure: the object index lookups are done by the
 * caller and passed in.
 *
 * What maps:
 * - camera: perspective ↔ PerspectiveCamera; orthographic (or a storey plan) ↔ OrthogonalCamera with
 *   ViewToWorldScale = the view's height in metres (bcf.camera.ts);
 * - selection (every model's; in versions 1 and 2 the own model's and otherSelection) ↔ Components/Selection;
 * - appearance: isolated ↔ DefaultVisibility false with the isolated objects as exceptions; hidden ↔
 *   DefaultVisibility true with the hidden as exceptions; colours ↔ Coloring (RRGGBB, no alpha);
 * - sections: shown planes and the box's six faces ↔ ClippingPlanes (bcf.sections.ts);
 * - measurements → Lines (a distance is one line, an angle two, an area its outline, a run one per segment),
 *   and as they are in Penstock's own file beside the viewpoint (bcf.measurements.ts), so that they come
 *   back unchanged; a file's other Lines come back as distance measurements.
 * What BCF has no form for, and is therefore not written: x-ray (everything but the selection see-through),
 * the colour-by legend, the cut faces' colour, hidden section planes, a federated model's offset, opacity,
 * colour or hiding (a measurement of a single point travels in Penstock's measurements file only).
 */
import { cameraFromViewerState, viewerCameraFromBcf } from './bcf.camera.ts';
import {
  bcfMeasurements,
  linesOfMeasurements,
  measurementModelGuids,
  measurementsOfViewpoint,
} from './bcf.measurements.ts';
import { clippingPlanesOfSections, sectionsOfClippingPlanes } from './bcf.sections.ts';
import type { BcfColoring, BcfViewpoint, BcfVisibility } from './bcf.types.ts';
import {
  modelIdOf,
  refKey,
  versionOfModel,
  type Appearance,
  type FederatedModel,
  type ObjectRef,
  type ReadViewerState,
  type StoredObject,
  type ViewerState,
} from './bcf.viewstate.ts';

/** An object of a model version. */
export interface VersionObject {
  versionId: string;
  localId: number;
}

// ---- viewer state → BCF ---------------------------------------------------------------------------------

/**
 * The objects a viewer state names by localId, by version, for their GlobalIds to be looked up: the own
 * model's selection (and pinned object), every ref without a GlobalId (version 3 names objects by theirs).
 */
export function objectsOfState(
  state: ReadViewerState,
  ownVersion: string | null,
  objectId: number | null,
): Map<string, number[]> {
  const byVersion = new Map<string, Set<number>>();
  const add = (versionId: string | null, localId: number) => {
    if (!versionId) return;
    const ids = byVersion.get(versionId) ?? new Set<number>();
    ids.add(localId);
    byVersion.set(versionId, ids);
  };
  if (objectId !== null) add(ownVersion, objectId);
  for (const id of state.selection) add(ownVersion, id);
  const appearance = state.appearance;
  const refs = [
    ...state.otherSelection,
    ...(appearance?.hidden ?? []),
    ...(appearance?.isolated ?? []),
    ...(appearance?.colours.flatMap((c) => c.objects) ?? []),
  ];
  for (const ref of refs) if ('localId' in ref) add(versionOfModel(ref.model), ref.localId);
  return new Map([...byVersion].map(([versionId, ids]) => [versionId, [...ids]]));
}

/** The IfcGuid of a model version's object, when the object index has it. */
export type GuidLookup = (versionId: string, localId: number) => string | undefined;

function guidsOf(refs: readonly ObjectRef[], guidOf: GuidLookup): string[] {
  const guids: string[] = [];
  for (const ref of refs) {
    const versionId = versionOfModel(ref.model);
    const guid = 'globalId' in ref ? ref.globalId : versionId ? guidOf(versionId, ref.localId) : undefined;
    if (guid && !guids.includes(guid)) guids.push(guid);
  }
  return guids;
}

/** Visibility of an appearance: isolated (only they shown) or hidden (all but they), or none. */
function visibilityOf(appearance: Appearance | null, guidOf: GuidLookup): BcfVisibility | undefined {
  if (!appearance) return undefined;
  if (appearance.isolated) {
    const hidden = new Set(appearance.hidden.map(refKey));
    const shown = guidsOf(
      appearance.isolated.filter((r) => !hidden.has(refKey(r))),
      guidOf,
    );
    // isolating objects the index does not know would hide everything in the other tool: leave it out
    if (shown.length) return { defaultVisibility: false, exceptions: shown };
  }
  const hidden = guidsOf(appearance.hidden, guidOf);
  return hidden.length ? { defaultVisibility: true, exceptions: hidden } : undefined;
}

/** '#rrggbb' as a BCF Color (RRGGBB, upper case, no alpha: the same in 2.1 and 3.0). */
export const bcfColour = (colour: string): string => colour.replace(/^#/, '').toUpperCase();
/** A BCF Color (RRGGBB, or AARRGGBB whose alpha the viewer has no use for) as '#rrggbb'. */
export const viewerColour = (colour: string): string => `#${colour.slice(-6).toLowerCase()}`;

function coloringOf(appearance: Appearance | null, guidOf: GuidLookup): BcfColoring[] {
  const coloring: BcfColoring[] = [];
  for (const group of appearance?.colours ?? []) {
    const guids = guidsOf(group.objects, guidOf);
    if (!guids.length) continue;
    const color = bcfColour(group.colour);
    const same = coloring.find((c) => c.color === color);
    if (same) same.guids.push(...guids.filter((g) => !same.guids.includes(g)));
    else coloring.push({ color, guids });
  }
  return coloring;
}

export { linesOfMeasurements };

/**
 * The BCF viewpoint (without its Guid) of an issue's viewer state, or null when it shows nothing BCF can
 * say. `raw` is the stored state (its camera, any shape cameraFromViewerState reads); `state` what
 * readViewerState read of it; the own model is the linked document's version.
 */
export function viewpointOfState(input: {
  raw: unknown;
  state: ReadViewerState;
  ownVersion: string | null;
  objectId: number | null;
  /** the pinned object's GlobalId (issue 33: by model version + GlobalId, in any model of the view) */
  pinnedGuid?: string | null;
  guidOf: GuidLookup;
  /** the GlobalId of a model's IfcProject (`urn:<versionId>`), for the measurements taken on it */
  projectGuidOf?: (modelId: string) => string | undefined;
  aspectRatio?: number;
}): Omit<BcfViewpoint, 'guid'> | null {
  const { state, ownVersion, guidOf } = input;
  const own = ownVersion ? modelIdOf(ownVersion) : '';
  const ownRefs = [...(input.objectId === null ? [] : [input.objectId]), ...state.selection].map(
    (localId) => ({ model: own, localId }),
  );
  const viewpoint: Omit<BcfViewpoint, 'guid'> = {
    camera: cameraFromViewerState(input.raw, input.aspectRatio ?? 1),
    selection: guidsOf([...ownRefs, ...state.otherSelection], guidOf),
  };
  const pinned = input.pinnedGuid;
  if (pinned && !viewpoint.selection.includes(pinned)) viewpoint.selection.unshift(pinned);
  const visibility = visibilityOf(state.appearance, guidOf);
  if (visibility) viewpoint.visibility = visibility;
  const coloring = coloringOf(state.appearance, guidOf);
  if (coloring.length) viewpoint.coloring = coloring;
  const lines = linesOfMeasurements(state.measurements);
  if (lines.length) viewpoint.lines = lines;
  if (state.measurements.length)
    viewpoint.measurements = bcfMeasurements(state.measurements, input.projectGuidOf ?? (() => undefined));
  const planes = clippingPlanesOfSections(state.sections);
  if (planes.length) viewpoint.clippingPlanes = planes;
  const says = viewpoint.camera || Object.keys(viewpoint).length > 2 || viewpoint.selection.length;
  return says ? viewpoint : null;
}

// ---- BCF → viewer state ---------------------------------------------------------------------------------

/** Every IfcGuid a viewpoint's components name: selected, visibility exceptions, coloured (file order, once each). */
export function componentGuids(viewpoint: BcfViewpoint): string[] {
  return [
    ...new Set([
      ...viewpoint.selection,
      ...(viewpoint.visibility?.exceptions ?? []),
      ...(viewpoint.coloring ?? []).flatMap((c) => c.guids),
    ]),
  ];
}

/** What an import looks up: the components, and the IfcProjects of the models measurements were taken on. */
export const referencedGuids = (viewpoint: BcfViewpoint): string[] => [
  ...new Set([...componentGuids(viewpoint), ...measurementModelGuids(viewpoint)]),
];

/** A lookup of the objects each IfcGuid stands for among the models of a project. */
export type ObjectsOfGuid = (guid: string) => readonly VersionObject[];

/**
 * The stored view's objects (model version + GlobalId) of IfcGuids, in file order, one per model version
 * that has the object, leaving out what no model has.
 */
function refsOf(guids: readonly string[], objectsOf: ObjectsOfGuid): StoredObject[] {
  const refs: StoredObject[] = [];
  const seen = new Set<string>();
  for (const guid of guids)
    for (const o of objectsOf(guid)) {
      const key = `${o.versionId}/${guid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push({ versionId: o.versionId, globalId: guid });
    }
  return refs;
}

const emptyModel = (versionId: string): FederatedModel => ({
  modelId: modelIdOf(versionId),
  versionId,
  visible: true,
  opacity: 1,
  colour: null,
  offset: { x: 0, y: 0, z: 0 },
  rotation: 0,
});

/**
 * The stored viewer state (version 3) of a BCF viewpoint for one of its models (`ownVersion`, the linked
 * document's version), or null when the viewpoint has no camera. Components are resolved with `objectsOf`
 * (IfcGuids no model has stay only in the kept viewpoint, for the round trip) and named by model version +
 * GlobalId, whichever model they are in; the other models the viewpoint names are listed in `models` so
 * that opening the issue loads them beside the own one. Visibility with DefaultVisibility false isolates
 * its exceptions (when any of them is found; otherwise nothing is isolated, rather than an empty view),
 * with true hides them; coloured components get their colour; clipping planes become section planes (six
 * box faces at the end: the section box); Penstock's measurements come back as they were (their model
 * found by its IfcProject's GlobalId, the own version first), other lines as distance measurements.
 */
export function viewerStateOfViewpoint(
  viewpoint: BcfViewpoint,
  ownVersion: string,
  objectsOf: ObjectsOfGuid,
): ViewerState | null {
  if (!viewpoint.camera) return null;
  const selected = refsOf(viewpoint.selection, objectsOf);
  const state: ViewerState = {
    version: 3,
    kind: '3d',
    camera: viewerCameraFromBcf(viewpoint.camera),
    plan: null,
    // the own model's objects first, as the viewer lists a selection
    selection: [
      ...selected.filter((r) => r.versionId === ownVersion),
      ...selected.filter((r) => r.versionId !== ownVersion),
    ],
  };

  const others = new Set<string>();
  for (const guid of componentGuids(viewpoint))
    for (const o of objectsOf(guid)) if (o.versionId !== ownVersion) others.add(o.versionId);
  const versionOfProject = (guid: string) => {
    const versions = objectsOf(guid).map((o) => o.versionId);
    return versions.includes(ownVersion) ? ownVersion : versions[0];
  };
  const measurements = measurementsOfViewpoint(viewpoint, versionOfProject);
  if (measurements.length) state.measurements = measurements;
  // a model measured on is loaded with the view, as the models of its components are
  for (const m of measurements) {
    const versionId = m.model ? versionOfModel(m.model) : null;
    if (versionId && versionId !== ownVersion) others.add(versionId);
  }
  if (others.size) state.models = [...others].sort().map(emptyModel);

  const visibility = viewpoint.visibility;
  const exceptions = refsOf(visibility?.exceptions ?? [], objectsOf);
  const isolated = visibility && !visibility.defaultVisibility && exceptions.length ? exceptions : null;
  const hidden = visibility?.defaultVisibility ? exceptions : [];
  const colours = (viewpoint.coloring ?? []).flatMap((group) => {
    const objects = refsOf(group.guids, objectsOf);
    return objects.length ? [{ colour: viewerColour(group.color), objects }] : [];
  });
  if (isolated || hidden.length || colours.length)
    state.appearance = { hidden, isolated, xray: false, colours, colourBy: null };

  const sections = sectionsOfClippingPlanes(viewpoint.clippingPlanes);
  if (sections) state.sections = sections;

  return state;
}
