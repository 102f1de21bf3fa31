/**
 * Measurements in BCF. Every BCF tool reads a viewpoint's Lines, so each measurement is drawn as lines (a
 * distance one, an angle two, an area its closed outline, a run one per segment, a point none); BCF has no
 * place for what a line measures, so Penstock also writes its measurements as they are (id, name, kind,
 * points, value and the model they were taken on) in a file of its own beside the viewpoint
 * (`viewpoint-<guid>.penstock.json`, bcf.archive.ts), which other tools leave alone as they leave any file
 * they do not know. On import that file is believed only while it still draws exactly the viewpoint's
 * Lines: a viewpoint another tool changed comes back from its Lines, each a distance.
 *
 * A measurement's model is named by the GlobalId of its IFC project (the model's 3D viewable): model
 * version ids are Penstock's own and differ between projects, the IfcProject's GlobalId does not.
 */
import { ifcToThree, threeToIfc } from './bcf.camera.ts';
import type { BcfLine, BcfVector, BcfViewpoint } from './bcf.types.ts';
import { modelIdOf, type Measurement, type MeasurementKind } from './bcf.viewstate.ts';

/** A measurement as Penstock writes it beside the viewpoint: IFC frame (metres, Z up). */
export interface BcfMeasurement {
  id: string;
  name: string;
  kind: MeasurementKind;
  points: BcfVector[];
  value: number;
  /** the GlobalId of the IfcProject of the model it was measured on, when known */
  model?: string;
}

/** The file of Penstock's measurements beside a viewpoint file (`viewpoint-<guid>.bcfv`). */
export const measurementsFileOf = (viewpointFile: string): string =>
  viewpointFile.replace(/\.bcfv$/i, '') + '.penstock.json';

/** The lines that draw one measurement (IFC frame). */
function linesOf(kind: MeasurementKind, points: readonly BcfVector[]): BcfLine[] {
  switch (kind) {
    case 'point':
      return [];
    case 'run': {
      // the two ends of each segment: segments need not meet (a run of pipes with fittings between)
      const lines: BcfLine[] = [];
      for (let i = 0; i + 1 < points.length; i += 2) lines.push({ start: points[i]!, end: points[i + 1]! });
      return lines;
    }
    case 'area':
      if (points.length > 2)
        return points.map((start, i) => ({ start, end: points[(i + 1) % points.length]! }));
      break;
    default:
      break;
  }
  return points.slice(1).map((end, i) => ({ start: points[i]!, end }));
}

/** The lines that draw these measurements (IFC frame), in order. */
export function linesOfMeasurements(measurements: readonly Measurement[]): BcfLine[] {
  return measurements.flatMap((m) => linesOf(m.kind, m.points.map(threeToIfc)));
}

/** Penstock's measurements as written beside the viewpoint, their models named by IfcProject GlobalId. */
export function bcfMeasurements(
  measurements: readonly Measurement[],
  projectGuidOf: (modelId: string) => string | undefined,
): BcfMeasurement[] {
  return measurements.map((m) => {
    const model = m.model ? projectGuidOf(m.model) : undefined;
    return {
      id: m.id,
      name: m.name,
      kind: m.kind,
      points: m.points.map(threeToIfc),
      value: m.value,
      ...(model ? { model } : {}),
    };
  });
}

/** How far apart a line's ends may be from the measurement's own and still be its line (metres). */
const SAME_POINT = 1e-4;
const near = (a: BcfVector, b: BcfVector) =>
  Math.abs(a.x - b.x) <= SAME_POINT && Math.abs(a.y - b.y) <= SAME_POINT && Math.abs(a.z - b.z) <= SAME_POINT;

/** Whether Penstock's measurements draw exactly these Lines (nothing added, removed or moved by another tool). */
export function drawsLines(measurements: readonly BcfMeasurement[], lines: readonly BcfLine[]): boolean {
  const drawn = measurements.flatMap((m) => linesOf(m.kind, m.points));
  return (
    drawn.length === lines.length &&
    drawn.every((line, i) => near(line.start, lines[i]!.start) && near(line.end, lines[i]!.end))
  );
}

const KINDS: readonly MeasurementKind[] = ['distance', 'perpendicular', 'angle', 'area', 'point', 'run'];
const isVector = (v: unknown): v is BcfVector =>
  !!v &&
  typeof v === 'object' &&
  ['x', 'y', 'z'].every((k) => Number.isFinite((v as Record<string, unknown>)[k]));

/** Penstock's measurements file, read leniently: null when it is not one (then the Lines alone are read). */
export function parseMeasurementsFile(text: string | undefined): BcfMeasurement[] | null {
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as { version?: unknown; measurements?: unknown };
    if (parsed.version !== 1 || !Array.isArray(parsed.measurements)) return null;
    const list: BcfMeasurement[] = [];
    for (const entry of parsed.measurements as Record<string, unknown>[]) {
      if (!entry || typeof entry !== 'object') return null;
      const { id, name, kind, points, value, model } = entry;
      if (typeof id !== 'string' || typeof name !== 'string' || !KINDS.includes(kind as MeasurementKind))
        return null;
      if (!Array.isArray(points) || !points.every(isVector) || !Number.isFinite(value)) return null;
      list.push({
        id,
        name,
        kind: kind as MeasurementKind,
        points: points.map((p: BcfVector) => ({ x: p.x, y: p.y, z: p.z })),
        value: value as number,
        ...(typeof model === 'string' && model ? { model } : {}),
      });
    }
    return list;
  } catch {
    return null;
  }
}

export const formatMeasurementsFile = (measurements: readonly BcfMeasurement[]): string =>
  `${JSON.stringify({ version: 1, measurements }, null, 1)}\n`;

/** The IfcProject GlobalIds Penstock's measurements of a viewpoint name (to find their models). */
export const measurementModelGuids = (viewpoint: BcfViewpoint): string[] => [
  ...new Set((viewpoint.measurements ?? []).flatMap((m) => (m.model ? [m.model] : []))),
];

/** The measurement a BCF line is shown as: a distance between its ends (viewer frame). */
function measurementOfLine(line: BcfLine, n: number): Measurement {
  const start = ifcToThree(line.start);
  const end = ifcToThree(line.end);
  return {
    id: `bcf-line-${n + 1}`,
    name: `BCF line ${n + 1}`,
    kind: 'distance',
    points: [start, end],
    value: Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z),
  };
}

/**
 * The viewer's measurements of a viewpoint: Penstock's own as they were (their model: the version of the
 * IfcProject `versionOfProject` finds) while they still draw the viewpoint's Lines, else a distance per line.
 */
export function measurementsOfViewpoint(
  viewpoint: BcfViewpoint,
  versionOfProject: (guid: string) => string | undefined,
): Measurement[] {
  const lines = viewpoint.lines ?? [];
  const own = viewpoint.measurements;
  if (own?.length && drawsLines(own, lines))
    return own.map((m) => {
      const version = m.model ? versionOfProject(m.model) : undefined;
      return {
        id: m.id,
        name: m.name,
        kind: m.kind,
        points: m.points.map(ifcToThree),
        value: m.value,
        ...(version ? { model: modelIdOf(version) } : {}),
      };
    });
  return lines.map(measurementOfLine);
}
