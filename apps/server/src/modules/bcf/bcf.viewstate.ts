/**
 * The model viewer's stored state (packages/viewer ModelViewerState version 2, three.js frame, Y up) as the
 * server reads it: an issue's viewer state is any JSON the web app sent, so it is read field by field and
 * what does not have the expected shape is left out. The types mirror packages/viewer/src/model/state.ts
 * (the server does not import the viewer package).
 */
import type { ViewerCamera } from './bcf.camera.ts';
import { unit, type SectionPlane, type Sections } from './bcf.sections.ts';
import type { BcfVector } from './bcf.types.ts';

/** An object of a loaded model: `urn:<versionId>` and its localId. */
export interface ObjectRef {
  model: string;
  localId: number;
}

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

export interface Appearance {
  hidden: ObjectRef[];
  isolated: ObjectRef[] | null;
  xray: boolean;
  colours: Array<{ colour: string; objects: ObjectRef[] }>;
  colourBy: { property: string; legend: Array<{ value: string; colour: string; count: number }> } | null;
}

/** ModelViewerState version 2. */
export interface ViewerState {
  version: 2;
  kind: '3d';
  camera: ViewerCamera;
  plan: string | null;
  selection: number[];
  otherSelection?: ObjectRef[];
  models?: FederatedModel[];
  sections?: Sections;
  measurements?: Measurement[];
  appearance?: Appearance;
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

function refsOf(value: unknown): ObjectRef[] {
  return listOf(value).flatMap((entry) => {
    const ref = objectOf(entry);
    return typeof ref.model === 'string' && isLocalId(ref.localId)
      ? [{ model: ref.model, localId: ref.localId }]
      : [];
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
  /** localIds of the link's own model */
  selection: number[];
  otherSelection: ObjectRef[];
  sections: Sections | null;
  measurements: Measurement[];
  appearance: Appearance | null;
}

export function readViewerState(value: unknown): ReadViewerState {
  const state = objectOf(value);
  return {
    selection: listOf(state.selection).filter(isLocalId),
    otherSelection: refsOf(state.otherSelection),
    sections: sectionsOf(state.sections),
    measurements: measurementsOf(state.measurements),
    appearance: appearanceOf(state.appearance),
  };
}
