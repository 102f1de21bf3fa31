/**
 * Storey plan views: the pure rules (no three or fragments import: safe anywhere, tests included) and the
 * reading of the storeys from a fragments model.
 */

/** How far above a storey's floor a plan is cut (metres), as on an architectural floor plan. */
export const PLAN_CUT_HEIGHT = 1.5;

/** A storey of the model: its name and floor level in the model's scene (metres, Y up). */
export interface StoreyLevel {
  name: string;
  elevation: number;
}

/** The height of a plan's cutting plane: everything above it is clipped away. */
export const planCutHeight = (elevation: number, offset = PLAN_CUT_HEIGHT): number => elevation + offset;

/** Length units IFC files use, in metres, largest first: metre, foot, inch, centimetre, millimetre. */
const UNIT_SCALES = [1, 0.3048, 0.0254, 0.01, 0.001];

/**
 * The scale from the storeys' Elevation attribute (in the file's length unit) to the scene's metres: the
 * largest common unit that puts every storey within the model's height (with a margin); 1 when none does.
 * The geometry is converted to metres, the attributes are not.
 */
export function elevationScale(elevations: readonly number[], minY: number, maxY: number): number {
  const finite = elevations.filter(Number.isFinite);
  if (!finite.length || !Number.isFinite(minY) || !Number.isFinite(maxY)) return 1;
  const margin = Math.max(2, (maxY - minY) * 0.25);
  const fits = (scale: number) =>
    finite.every((value) => value * scale >= minY - margin && value * scale <= maxY + margin);
  return UNIT_SCALES.find(fits) ?? 1;
}

/** Storeys with their elevations in scene metres, ordered from the lowest. */
export function storeyLevels(
  raw: readonly { name: string; elevation: number }[],
  minY: number,
  maxY: number,
): StoreyLevel[] {
  const scale = elevationScale(
    raw.map((storey) => storey.elevation),
    minY,
    maxY,
  );
  return raw
    .filter((storey) => Number.isFinite(storey.elevation))
    .map((storey) => ({ name: storey.name, elevation: storey.elevation * scale }))
    .sort((a, b) => a.elevation - b.elevation);
}

/** Find a storey by name (exact, else ignoring case and surrounding spaces). */
export function findStorey(levels: readonly StoreyLevel[], name: string): StoreyLevel | undefined {
  const wanted = name.trim().toLowerCase();
  return (
    levels.find((level) => level.name === name) ??
    levels.find((level) => level.name.trim().toLowerCase() === wanted)
  );
}

/**
 * The half height an orthographic top-down camera needs to show a footprint (x by z extent) in a view of
 * the given aspect (width / height), with a small margin.
 */
export function planHalfHeight(width: number, depth: number, aspect: number, margin = 1.08): number {
  const safeAspect = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  return Math.max(depth / 2, width / 2 / safeAspect, 0.5) * margin;
}

type AttributeValue = { value?: unknown } | undefined;

/** The minimal part of a FragmentsModel the storey reading needs (keeps this file free of imports). */
export interface StoreySource {
  getItemsOfCategories(categories: RegExp[]): Promise<Record<string, number[]>>;
  getItemsData(
    ids: number[],
    config?: { attributesDefault: boolean; attributes?: string[] },
  ): Promise<Record<string, unknown>[]>;
}

/** Read the IFCBUILDINGSTOREY items' Name and Elevation (raw, in the file's unit). */
export async function readStoreys(model: StoreySource): Promise<{ name: string; elevation: number }[]> {
  const byCategory = await model.getItemsOfCategories([/^IFCBUILDINGSTOREY$/i]);
  const ids = Object.values(byCategory).flat();
  if (!ids.length) return [];
  const items = await model.getItemsData(ids, {
    attributesDefault: false,
    attributes: ['Name', 'Elevation'],
  });
  return items.map((item, index) => {
    const name = (item.Name as AttributeValue)?.value;
    const elevation = (item.Elevation as AttributeValue)?.value;
    return {
      name: typeof name === 'string' ? name : `Storey ${index + 1}`,
      elevation: typeof elevation === 'number' ? elevation : Number(elevation ?? 0),
    };
  });
}
