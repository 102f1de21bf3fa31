// The attribute names the files carry (DEXPI 1.3's 'DexpiAttributes' set, and Penstock's own sets), and
// reading them back.
import { childrenNamed, el, type XmlElement } from './xml.ts';

/** DEXPI 1.3 generic attribute names (the RDL's assignment classes). */
export const DEXPI = {
  tag: 'TagNameAssignmentClass',
  typeName: 'TypeNameAssignmentClass',
  lineNumber: 'LineNumberAssignmentClass',
  fluidCode: 'FluidCodeAssignmentClass',
  nominalSize: 'NominalDiameterRepresentationAssignmentClass',
  nominalSizeNumber: 'NominalDiameterNumericalValueRepresentationAssignmentClass',
  pipingClass: 'PipingClassCodeAssignmentClass',
  heatTracing: 'HeatTracingTypeSpecialization',
  category: 'ProcessInstrumentationFunctionCategoryAssignmentClass',
  functions: 'ProcessInstrumentationFunctionsAssignmentClass',
  number: 'ProcessInstrumentationFunctionNumberAssignmentClass',
  drawingNumber: 'DrawingNumberAssignmentClass',
} as const;

/** The attribute sets the writer uses. */
export const SETS = {
  dexpi: 'DexpiAttributes',
  /** what only Penstock reads back: element ids, symbols, placement, line styles */
  penstock: 'PenstockAttributes',
  /** the static properties of an item or pipeline, by the legend's property names */
  properties: 'PenstockProperties',
} as const;

export const NO_HEAT_TRACING = 'NoHeatTracingSystem';
export const ELECTRICAL_HEAT_TRACING = 'ElectricalHeatTracingSystem';

/**
 * A GenericAttributes set (nothing for an empty one, which the schema does not allow): values left empty
 * are not written. Numbers are Format 'double'; everything else, yes/no values too ('true'/'false'), is
 * 'string': the schema's Format list (string, byte, short, integer, long, ulong, float, double, anyURI) has
 * no 'boolean'.
 */
export function attributeSet(set: string, values: Record<string, string | number | boolean | undefined>) {
  const entries = Object.entries(values).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== '',
  );
  if (entries.length === 0) return null;
  return el(
    'GenericAttributes',
    { Set: set, Number: entries.length },
    entries.map(([name, value]) =>
      el('GenericAttribute', {
        Name: name,
        Format: typeof value === 'number' ? 'double' : 'string',
        Value: typeof value === 'boolean' ? String(value) : value,
      }),
    ),
  );
}

/** Every generic attribute of an element (its own sets only, not its children's), by set then name. */
export function readAttributes(node: XmlElement): Map<string, Map<string, string>> {
  const sets = new Map<string, Map<string, string>>();
  for (const group of childrenNamed(node, 'GenericAttributes')) {
    const set = group.attrs.Set ?? '';
    const values = sets.get(set) ?? new Map<string, string>();
    for (const attribute of childrenNamed(group, 'GenericAttribute'))
      if (attribute.attrs.Name && attribute.attrs.Value !== undefined)
        values.set(attribute.attrs.Name, attribute.attrs.Value);
    sets.set(set, values);
  }
  return sets;
}

/** The first of the names found in any set (DEXPI's own set first). */
export function attributeOf(sets: Map<string, Map<string, string>>, ...names: string[]): string {
  const ordered = [sets.get(SETS.dexpi), ...sets.values()];
  for (const name of names)
    for (const values of ordered) {
      const value = values?.get(name)?.trim();
      if (value) return value;
    }
  return '';
}

/** A value as one line of at most `max` characters (control characters become spaces). */
export function oneLine(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]+/g;
  return value.replace(control, ' ').trim().slice(0, max);
}
