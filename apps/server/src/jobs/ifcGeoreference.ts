/**
 * Where a model sits in the world, read from its IFC at conversion (issue 33 §1, models line up): the
 * IfcMapConversion of its model context (IFC4: the project's origin on a projected CRS and how its x axis
 * turns), else what its IfcSite says (RefLatitude, RefLongitude, RefElevation at the site's origin, with the
 * context's TrueNorth). Every length is converted to metres, as web-ifc converts the geometry. The viewer
 * lines models up from these (packages/viewer georeference.ts); a model with neither lines up by its own
 * coordinates (the project origin).
 */
import {
  IFCGEOMETRICREPRESENTATIONCONTEXT,
  IFCMAPCONVERSION,
  IFCPROJECT,
  IFCSITE,
  type IfcAPI,
} from 'web-ifc';
import { siPrefixFactor, type ModelGeoreference } from '@penstock/shared';
import { refOf, refsOf } from './ifcLines.ts';

type Line = Record<string, unknown> & { type?: number };

const valueOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
const numberOf = (value: unknown): number | null => {
  const v = valueOf(value);
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const textOf = (value: unknown): string | null => {
  const v = valueOf(value);
  return typeof v === 'string' && v !== '' ? v : null;
};

const NAMED_LENGTHS: Record<string, number> = {
  FOOT: 0.3048,
  'US SURVEY FOOT': 1200 / 3937,
  INCH: 0.0254,
  YARD: 0.9144,
  MILE: 1609.344,
};

/** Metres per unit of a length unit line (IfcSIUnit, IfcConversionBasedUnit), or null. */
function metresOfUnit(api: IfcAPI, modelID: number, id: number | undefined): number | null {
  if (id === undefined) return null;
  const unit = line(api, modelID, id);
  if (!unit) return null;
  const name = (textOf(unit.Name) ?? '').toUpperCase().replace(/^\./, '').replace(/\.$/, '');
  if (name === 'METRE') {
    return siPrefixFactor(textOf(unit.Prefix));
  }
  if (name in NAMED_LENGTHS) return NAMED_LENGTHS[name]!;
  // a conversion-based unit of another name: its ConversionFactor's value in its (SI) unit
  const factor = refOf(unit.ConversionFactor);
  const measure = factor !== undefined ? line(api, modelID, factor) : null;
  const amount = numberOf(measure?.ValueComponent);
  const base = metresOfUnit(api, modelID, refOf(measure?.UnitComponent));
  return amount !== null && base !== null ? amount * base : null;
}

function line(api: IfcAPI, modelID: number, id: number): Line | null {
  try {
    return api.GetLine(modelID, id) as Line;
  } catch {
    return null;
  }
}

const idsOf = (api: IfcAPI, modelID: number, type: number): number[] => {
  const vector = api.GetLineIDsWithType(modelID, type);
  const ids: number[] = [];
  for (let i = 0; i < vector.size(); i++) ids.push(vector.get(i));
  return ids;
};

/** The project's length unit in metres (1 when it names none). */
function projectMetres(api: IfcAPI, modelID: number): number {
  const project = idsOf(api, modelID, IFCPROJECT)[0];
  const assignment =
    project !== undefined
      ? line(api, modelID, refOf(line(api, modelID, project)?.UnitsInContext) ?? -1)
      : null;
  for (const id of refsOf(assignment?.Units)) {
    const unit = line(api, modelID, id);
    if ((textOf(unit?.UnitType) ?? '').toUpperCase() !== 'LENGTHUNIT') continue;
    return metresOfUnit(api, modelID, id) ?? 1;
  }
  return 1;
}

/** An IfcCompoundPlaneAngleMeasure (degrees, minutes, seconds, millionths of a second) in decimal degrees. */
export function decimalDegrees(attribute: unknown): number | null {
  // web-ifc gives {type, value: [d, m, s, millionths]}
  const value = valueOf(attribute);
  if (!Array.isArray(value) || value.length < 2) return null;
  const parts = value.map(numberOf);
  if (parts.some((p) => p === null)) return null;
  const [d, m, s = 0, millionths = 0] = parts as number[];
  // every part carries the sign of the angle
  return d! + m! / 60 + s / 3600 + millionths / 3.6e9;
}

/** The 3D model context (not a sub-context): where TrueNorth and the map conversion hang. */
function modelContext(api: IfcAPI, modelID: number): { id: number; context: Line } | null {
  const contexts = idsOf(api, modelID, IFCGEOMETRICREPRESENTATIONCONTEXT)
    .map((id) => ({ id, context: line(api, modelID, id) }))
    .filter((c): c is { id: number; context: Line } => c.context !== null);
  return (
    contexts.find((c) => (textOf(c.context.ContextType) ?? '').toLowerCase() === 'model') ??
    contexts[0] ??
    null
  );
}

/** TrueNorth as degrees from the project's +Y towards its +X (clockwise in plan), or null. */
function trueNorthOf(api: IfcAPI, modelID: number, context: Line | null): number | null {
  const direction = context ? line(api, modelID, refOf(context.TrueNorth) ?? -1) : null;
  const ratios = Array.isArray(direction?.DirectionRatios) ? direction.DirectionRatios.map(numberOf) : [];
  const [x, y] = ratios;
  if (x === null || y === null || x === undefined || y === undefined || (x === 0 && y === 0)) return null;
  return (Math.atan2(x, y) * 180) / Math.PI;
}

type Matrix = number[]; // 3x4, row major: [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]

function placementMatrix(api: IfcAPI, modelID: number, id: number | undefined, depth = 0): Matrix {
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const placement = id !== undefined && depth < 64 ? line(api, modelID, id) : null;
  if (!placement) return identity;
  const parent = placementMatrix(api, modelID, refOf(placement.PlacementRelTo), depth + 1);
  const axes = line(api, modelID, refOf(placement.RelativePlacement) ?? -1);
  const point = line(api, modelID, refOf(axes?.Location) ?? -1);
  const coordinates = Array.isArray(point?.Coordinates) ? point.Coordinates.map(numberOf) : [];
  const ratios = (ref: unknown) => {
    const direction = line(api, modelID, refOf(ref) ?? -1);
    return Array.isArray(direction?.DirectionRatios)
      ? direction.DirectionRatios.map((r) => numberOf(r) ?? 0)
      : null;
  };
  const z = normalised(ratios(axes?.Axis) ?? [0, 0, 1]);
  const xGuess = normalised(ratios(axes?.RefDirection) ?? [1, 0, 0]);
  // x made square to z, y = z × x
  const dot = xGuess[0]! * z[0]! + xGuess[1]! * z[1]! + xGuess[2]! * z[2]!;
  const x = normalised([xGuess[0]! - dot * z[0]!, xGuess[1]! - dot * z[1]!, xGuess[2]! - dot * z[2]!]);
  const y = [z[1]! * x[2]! - z[2]! * x[1]!, z[2]! * x[0]! - z[0]! * x[2]!, z[0]! * x[1]! - z[1]! * x[0]!];
  const [tx = 0, ty = 0, tz = 0] = coordinates.map((c) => c ?? 0);
  const local = [x[0]!, y[0]!, z[0]!, tx, x[1]!, y[1]!, z[1]!, ty, x[2]!, y[2]!, z[2]!, tz];
  return multiply(parent, local);
}

function normalised(v: number[]): number[] {
  const [a = 0, b = 0, c = 0] = v;
  const length = Math.hypot(a, b, c);
  return length > 0 ? [a / length, b / length, c / length] : [0, 0, 1];
}

function multiply(a: Matrix, b: Matrix): Matrix {
  const out: Matrix = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 4; c++) {
      let sum = c === 3 ? a[r * 4 + 3]! : 0;
      for (let k = 0; k < 3; k++) sum += a[r * 4 + k]! * b[k * 4 + c]!;
      out.push(sum);
    }
  return out;
}

/** The model's georeference, or null when it has neither a map conversion nor a located site. */
export function readGeoreference(api: IfcAPI, modelID: number): ModelGeoreference | null {
  const projectUnit = projectMetres(api, modelID);
  const context = modelContext(api, modelID);
  const trueNorth = trueNorthOf(api, modelID, context?.context ?? null);

  let mapConversion: ModelGeoreference['mapConversion'] = null;
  let conversionIds: number[] = [];
  try {
    conversionIds = idsOf(api, modelID, IFCMAPCONVERSION);
  } catch {
    // IFC2X3 has no IfcMapConversion
  }
  const conversions = conversionIds.map((id) => line(api, modelID, id)).filter((c): c is Line => c !== null);
  // the conversion of the model context, else the first
  const conversion = conversions.find((c) => refOf(c.SourceCRS) === context?.id) ?? conversions[0] ?? null;
  if (conversion) {
    const crs = line(api, modelID, refOf(conversion.TargetCRS) ?? -1);
    // map coordinates are in the CRS's MapUnit, else in the project's length unit
    const mapUnit = metresOfUnit(api, modelID, refOf(crs?.MapUnit)) ?? projectUnit;
    const eastings = numberOf(conversion.Eastings);
    const northings = numberOf(conversion.Northings);
    const height = numberOf(conversion.OrthogonalHeight);
    const scale = numberOf(conversion.Scale);
    if (eastings !== null && northings !== null && height !== null)
      mapConversion = {
        eastings: eastings * mapUnit,
        northings: northings * mapUnit,
        orthogonalHeight: height * mapUnit,
        xAxisAbscissa: numberOf(conversion.XAxisAbscissa) ?? 1,
        xAxisOrdinate: numberOf(conversion.XAxisOrdinate) ?? 0,
        // map metres per model metre: the file's Scale turns project units into map units
        scale: scale !== null && scale > 0 ? (scale * mapUnit) / projectUnit : 1,
        crs: textOf(crs?.Name),
      };
  }

  let site: ModelGeoreference['site'] = null;
  const siteId = idsOf(api, modelID, IFCSITE)[0];
  const siteLine = siteId !== undefined ? line(api, modelID, siteId) : null;
  if (siteLine) {
    const latitude = decimalDegrees(siteLine.RefLatitude);
    const longitude = decimalDegrees(siteLine.RefLongitude);
    const elevation = numberOf(siteLine.RefElevation);
    const placement = placementMatrix(api, modelID, refOf(siteLine.ObjectPlacement));
    if (latitude !== null && longitude !== null)
      site = {
        latitude,
        longitude,
        elevation: (elevation ?? 0) * projectUnit,
        origin: {
          x: placement[3]! * projectUnit,
          y: placement[7]! * projectUnit,
          z: placement[11]! * projectUnit,
        },
      };
  }
  if (!mapConversion && !site) return null;
  return { mapConversion, site, trueNorth };
}
