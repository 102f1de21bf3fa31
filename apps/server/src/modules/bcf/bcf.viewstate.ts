/**
 * The model viewer's stored state (packages/viewer ModelViewerState, three.js frame, Y up) as the server
 * reads it: an issue's viewer state is any JSON the web app sent, so it is read field by field and what
 * does not have the expected shape is left out. Version 3 (packages/viewer/src/model/storedState.ts, what
 * the web app stores now) names every model's objects by model version + GlobalId; versions 1 and 2 by
 * localIds (the own model's selection as bare localIds). The types mirror packages/viewer's (the server
 * does not import the viewer package).
 */
import type { ViewerCamera } from './bcf.camera.ts';
import { unit, type SectionPlane, type Sections } from './bcf.sections.ts';
import type { BcfVector } from './bcf.types.ts';

/**
 * An object of a model of the view (`urn:<versionId>`): by its GlobalId (version 3) or its localId (versions
 * 1 and 2, and a version-3 object its index had no GlobalId for).
 */
export type ObjectRef = { model: string; localId: number } | { model: string; globalId: string };

/** An object of a stored view, version 3 (packages/viewer StoredObject; shared's StoredViewObject). */
export type StoredObject = { versionId: string; globalId: string } | { versionId: string; localId: number };

/** One key per object, whichever way it is named. */
export const refKey = (ref: ObjectRef): string =>
  'globalId' in ref ? `${ref.model}/g/${ref.globalId}` : `${ref.model}/l/${ref.localId}`;

/** A model of the view beside the tab's own (FederatedModelState). */
export interface FederatedModel {
  modelId: string;
  versionId: string;
  visible: boolean;
  opacity: number;
  colour: string | null;
  offset: BcfVector;
  rotation: number;
}

export type MeasurementKind = 'distance' | 'perpendicular' | 'angle' | 'area' | 'point' | 'run';
export interface Measurement {
  id: string;
  name: string;
  kind: MeasurementKind;
  points: BcfVector[];
  value: number;
  /** the model (`urn:<versionId>`) it was measured on */
  model?: string;
}

export interface Appearance<Ref = ObjectRef> {
  hidden: Ref[];
  isolated: Ref[] | null;
  xray: boolean;
  colours: Array<{ colour: string; objects: Ref[] }>;
  colourBy: { property: string; legend: Array<{ value: string; colour: string; count: number }> } | null;
}

/** ModelViewerState version 3, as stored: every model's objects by model version + GlobalId. */
export interface ViewerState {
  version: 3;
  kind: '3d';
  camera: ViewerCamera;
  plan: string | null;
  /** the selected objects of every model */
  selection: StoredObject[];
  models?: FederatedModel[];
  sections?: Sections;
  measurements?: Measurement[];
  appearance?: Appearance<StoredObject>;
}

/** The model id a version is loaded with in the viewer. */
export const modelIdOf = (versionId: string): string => `urn:${versionId}`;

const VERSION_MODEL = /^urn:(v\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The version id of a model id (`urn:v.<uuid>`), or null for anything else. */
export const versionOfModel = (modelId: string): string | null => VERSION_MODEL.exec(modelId)?.[1] ?? null;

type Loose = Record<string, unknown>;
const objectOf = (value: unknown): Loose =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {};
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isLocalId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const COLOUR = /^#[0-9a-fA-F]{6}$/;

function vectorOf(value: unknown): BcfVector | null {
  const v = objectOf(value);
  return isNumber(v.x) && isNumber(v.y) && isNumber(v.z) ? { x: v.x, y: v.y, z: v.z } : null;
}

const isGlobalId = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 64;

/** Version 1 and 2 refs ({model, localId}) and version 3 objects ({versionId, globalId | localId}). */
function refsOf(value: unknown): ObjectRef[] {
  return listOf(value).flatMap((entry): ObjectRef[] => {
    const ref = objectOf(entry);
    const model =
      typeof ref.model === 'string'
        ? ref.model
        : typeof ref.versionId === 'string'
          ? modelIdOf(ref.versionId)
          : null;
    if (!model) return [];
    if (typeof ref.versionId === 'string' && isGlobalId(ref.globalId))
      return [{ model, globalId: ref.globalId }];
    return isLocalId(ref.localId) ? [{ model, localId: ref.localId }] : [];
  });
}

function sectionsOf(value: unknown): Sections | null {
  if (!value || typeof value !== 'object') return null;
  const sections = objectOf(value);
  const planes: SectionPlane[] = listOf(sections.planes).flatMap((entry, n) => {
    const plane = objectOf(entry);
    const origin = vectorOf(plane.origin);
    const normal = vectorOf(plane.normal);
    if (!origin || !normal || !unit(normal)) return [];
    const id = typeof plane.id === 'string' ? plane.id : `plane-${n + 1}`;
    return [{ id, origin, normal, visible: plane.visible !== false }];
  });
  const box = objectOf(sections.box);
  const min = vectorOf(box.min);
  const max = vectorOf(box.max);
  const capColour =
    typeof sections.capColour === 'string' && COLOUR.test(sections.capColour) ? sections.capColour : null;
  return { planes, box: min && max ? { min, max } : null, capColour };
}

const KINDS: readonly MeasurementKind[] = ['distance', 'perpendicular', 'angle', 'area', 'point', 'run'];

function measurementsOf(value: unknown): Measurement[] {
  return listOf(value).flatMap((entry, n) => {
    const m = objectOf(entry);
    const points = listOf(m.points).map(vectorOf);
    if (!KINDS.includes(m.kind as MeasurementKind) || points.some((p) => !p)) return [];
    return [
      {
        id: typeof m.id === 'string' ? m.id : `measurement-${n + 1}`,
        name: typeof m.name === 'string' ? m.name : '',
        kind: m.kind as MeasurementKind,
        points: points as BcfVector[],
        value: isNumber(m.value) ? m.value : 0,
        ...(typeof m.model === 'string' && m.model ? { model: m.model } : {}),
      },
    ];
  });
}

function appearanceOf(value: unknown): Appearance | null {
  if (!value || typeof value !== 'object') return null;
  const a = objectOf(value);
  const colours = listOf(a.colours).flatMap((entry) => {
    const group = objectOf(entry);
    return typeof group.colour === 'string' && COLOUR.test(group.colour)
      ? [{ colour: group.colour.toLowerCase(), objects: refsOf(group.objects) }]
      : [];
  });
  return {
    hidden: refsOf(a.hidden),
    isolated: Array.isArray(a.isolated) ? refsOf(a.isolated) : null,
    xray: a.xray === true,
    colours,
    colourBy: null,
  };
}

/** What BCF export reads of an issue's viewer state (any version, any shape: missing parts are empty). */
export interface ReadViewerState {
  /** localIds of the link's own model (versions 1 and 2) */
  selection: number[];
  /** the other selected objects: the other models' (versions 1 and 2), every model's (version 3) */
  otherSelection: ObjectRef[];
  sections: Sections | null;
  measurements: Measurement[];
  appearance: Appearance | null;
}

export function readViewerState(value: unknown): ReadViewerState {
  const state = objectOf(value);
  const stored = state.version === 3;
  return {
    selection: stored ? [] : listOf(state.selection).filter(isLocalId),
    otherSelection: refsOf(stored ? state.selection : state.otherSelection),
    sections: sectionsOf(state.sections),
    measurements: measurementsOf(state.measurements),
    appearance: appearanceOf(state.appearance),
  };
}
