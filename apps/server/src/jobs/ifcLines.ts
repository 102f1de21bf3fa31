/** Small readers over web-ifc lines and values, for the object index's records (indexLines.ts). */
import * as WebIfc from 'web-ifc';
import type { IfcAPI } from 'web-ifc';

interface Handle {
  type?: number;
  value?: unknown;
}

/** The express id a reference attribute points at, or undefined. */
export const refOf = (value: unknown): number | undefined => {
  const handle = value as Handle | null | undefined;
  return handle && typeof handle.value === 'number' && handle.type === 5 ? handle.value : undefined;
};

export const refsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(refOf).filter((id): id is number => id !== undefined) : [];

/** An attribute's value as text, as web-ifc gives it (numbers as JavaScript writes them). */
export const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map(textOf)
      .filter((v) => v !== '')
      .join(', ');
  if (typeof value === 'object' && 'value' in (value as Handle)) return textOf((value as Handle).value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
};

/** Schema spelling of every entity ('IFCVALVE' → 'IfcValve'), from the classes web-ifc exports. */
const SPELLING = new Map<string, string>();
for (const schema of [WebIfc.IFC2X3, WebIfc.IFC4, WebIfc.IFC4X3] as unknown as Record<string, unknown>[]) {
  for (const name of Object.keys(schema)) if (name.startsWith('Ifc')) SPELLING.set(name.toUpperCase(), name);
}

/** The entity name of a line type in schema spelling, e.g. 'IfcFlowController'. */
export function ifcClassName(api: IfcAPI, type: number): string {
  const upper = api.GetNameFromTypeCode(type) ?? '';
  return SPELLING.get(upper) ?? upper;
}

/** An enumeration's value ('GATE'), '' for none, NOTDEFINED or USERDEFINED. */
export const enumOf = (value: unknown): string => {
  const text = textOf(value).toUpperCase();
  return text === 'NOTDEFINED' || text === 'USERDEFINED' ? '' : text;
};
