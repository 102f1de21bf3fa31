/**
 * Units and coordinates of measurements, pure (no three.js): the model's project length unit read from its
 * IFC unit records, formatting in the unit and precision the user chose, the viewer frame (three.js, Y up)
 * to IFC axes (Z up), and IFC coordinates to site (map) coordinates through an IfcMapConversion.
 * Values are always kept in metres, square metres and degrees; only their display changes.
 */
import type { MeasurementState, Vec3 } from './state.ts';

/** The units a user may show lengths in. */
export type DisplayUnit = 'm' | 'mm';
export const DISPLAY_UNITS: readonly DisplayUnit[] = ['m', 'mm'];

export interface DisplaySettings {
  unit: DisplayUnit;
  /** decimal places (0..6) */
  decimals: number;
}

export const MAX_DECIMALS = 6;

/** The decimals a unit is shown with unless the user chooses: millimetres to the millimetre. */
export const defaultDecimals = (unit: DisplayUnit): number => (unit === 'mm' ? 0 : 3);

/** An IFC unit record as Fragments keeps it (IfcSIUnit: UnitType, Prefix, Name). */
export interface IfcUnitRecord {
  unitType: string;
  prefix?: string | null;
  name: string;
}

/** The model's length unit: its symbol, metres per unit, and the display unit it suggests. */
export interface ProjectLengthUnit {
  symbol: string;
  metres: number;
  display: DisplayUnit;
}

const PREFIXES: Record<string, { symbol: string; factor: number }> = {
  MILLI: { symbol: 'm', factor: 1e-3 },
  CENTI: { symbol: 'c', factor: 1e-2 },
  DECI: { symbol: 'd', factor: 1e-1 },
  KILO: { symbol: 'k', factor: 1e3 },
};
const CONVERTED: Record<string, { symbol: string; metres: number }> = {
  FOOT: { symbol: 'ft', metres: 0.3048 },
  INCH: { symbol: 'in', metres: 0.0254 },
  YARD: { symbol: 'yd', metres: 0.9144 },
};

export const METRES: ProjectLengthUnit = { symbol: 'm', metres: 1, display: 'm' };

/**
 * The project length unit from the project's assigned units (IfcUnitAssignment): the first LENGTHUNIT;
 * metres when there is none. Millimetre models are shown in millimetres by default, everything else in metres.
 */
export function projectLengthUnit(units: readonly IfcUnitRecord[]): ProjectLengthUnit {
  const length = units.find((u) => u.unitType.replace(/\./g, '').toUpperCase() === 'LENGTHUNIT');
  if (!length) return METRES;
  const name = length.name.replace(/\./g, '').toUpperCase();
  const converted = CONVERTED[name];
  if (converted) return { ...converted, display: 'm' };
  if (name !== 'METRE') return METRES;
  const prefix = length.prefix ? PREFIXES[length.prefix.replace(/\./g, '').toUpperCase()] : undefined;
  if (!prefix) return METRES;
  return { symbol: `${prefix.symbol}m`, metres: prefix.factor, display: prefix.factor === 1e-3 ? 'mm' : 'm' };
}

const clampDecimals = (decimals: number) =>
  Math.min(MAX_DECIMALS, Math.max(0, Math.round(Number.isFinite(decimals) ? decimals : 0)));

/** '1,234.500'-free plain numbers: a fixed number of decimals, a minus sign only for a non-zero value. */
function fixed(value: number, decimals: number): string {
  const text = value.toFixed(clampDecimals(decimals));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A length (metres) in the display unit: '7.110 m', '7110 mm'. */
export function formatLength(metres: number, display: DisplaySettings): string {
  return display.unit === 'mm'
    ? `${fixed(metres * 1000, display.decimals)} mm`
    : `${fixed(metres, display.decimals)} m`;
}

/** An area (square metres), always in m² (drawing practice), with at least two decimals. */
export function formatArea(squareMetres: number, display: DisplaySettings): string {
  return `${fixed(squareMetres, Math.max(2, display.decimals))} m²`;
}

/** An angle (degrees), with one decimal fewer than lengths (at least one). */
export function formatAngle(degrees: number, display: DisplaySettings): string {
  return `${fixed(degrees, Math.max(1, Math.min(display.decimals, 3)))}°`;
}

/** A point of the viewer frame (three.js: Y up) in IFC axes (Z up): x, y = −z, z = y. */
export function toIfcAxes(p: Vec3): Vec3 {
  return { x: p.x, y: -p.z, z: p.y };
}

/** A point in IFC axes back in the viewer frame. */
export function fromIfcAxes(p: Vec3): Vec3 {
  return { x: p.x, y: p.z, z: -p.y };
}

/** IfcMapConversion: where the project's origin is on the map and how its x axis turns. */
export interface MapConversion {
  eastings: number;
  northings: number;
  orthogonalHeight: number;
  xAxisAbscissa: number;
  xAxisOrdinate: number;
  scale: number;
}

export interface SiteCoordinates {
  eastings: number;
  northings: number;
  height: number;
}

/**
 * Project (IFC engineering) coordinates to map coordinates: turned by the x axis' direction, scaled, then
 * moved to the map origin (IFC4 IfcMapConversion; the scale applies to all three axes).
 */
export function toSite(ifc: Vec3, conversion: MapConversion): SiteCoordinates {
  // an x axis of no length (both omitted) is the map's own
  const length = Math.hypot(conversion.xAxisAbscissa, conversion.xAxisOrdinate);
  const cos = length > 0 ? conversion.xAxisAbscissa / length : 1;
  const sin = length > 0 ? conversion.xAxisOrdinate / length : 0;
  const scale = conversion.scale || 1;
  return {
    eastings: conversion.eastings + scale * (ifc.x * cos - ifc.y * sin),
    northings: conversion.northings + scale * (ifc.x * sin + ifc.y * cos),
    height: conversion.orthogonalHeight + scale * ifc.z,
  };
}

/** The short text drawn beside a measurement in the view (its value in the display units). */
export function measurementLabel(m: MeasurementState, display: DisplaySettings): string {
  switch (m.kind) {
    case 'angle':
      return formatAngle(m.value, display);
    case 'area':
      return formatArea(m.value, display);
    case 'perpendicular':
      return `⊥ ${formatLength(m.value, display)}`;
    case 'run':
      return `Σ ${formatLength(m.value, display)}`;
    case 'point':
      // a point's value is its height (z) in the model's coordinates
      return `z ${formatLength(m.value, display)}`;
    default:
      return formatLength(m.value, display);
  }
}

/** The differences between a distance's two ends in IFC axes (dx, dy, dz), in the display unit. */
export function distanceParts(m: MeasurementState, display: DisplaySettings): string[] {
  const [a, b] = m.points;
  if (!a || !b) return [];
  const d = toIfcAxes({ x: b.x - a.x, y: b.y - a.y, z: b.z - a.z });
  return [
    `dx ${formatLength(d.x, display)}`,
    `dy ${formatLength(d.y, display)}`,
    `dz ${formatLength(d.z, display)}`,
  ];
}

/** A point's coordinates as lines: 'x …', 'y …', 'z …'. */
export function coordinateParts(ifc: Vec3, display: DisplaySettings): string[] {
  return [
    `x ${formatLength(ifc.x, display)}`,
    `y ${formatLength(ifc.y, display)}`,
    `z ${formatLength(ifc.z, display)}`,
  ];
}

/** Site coordinates as lines: 'E …', 'N …', 'H …'. */
export function siteParts(site: SiteCoordinates, display: DisplaySettings): string[] {
  return [
    `E ${formatLength(site.eastings, display)}`,
    `N ${formatLength(site.northings, display)}`,
    `H ${formatLength(site.height, display)}`,
  ];
}

/** What each kind of measurement is called (default names: 'Distance 1' …). */
export const KIND_NAMES: Record<MeasurementState['kind'], string> = {
  distance: 'Distance',
  perpendicular: 'Perpendicular',
  angle: 'Angle',
  area: 'Area',
  point: 'Point',
  run: 'Run length',
};

/** The next free default name for a kind among the existing measurements. */
export function nextName(kind: MeasurementState['kind'], existing: readonly MeasurementState[]): string {
  const base = KIND_NAMES[kind];
  const taken = new Set(existing.map((m) => m.name));
  let n = existing.filter((m) => m.kind === kind).length + 1;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}
