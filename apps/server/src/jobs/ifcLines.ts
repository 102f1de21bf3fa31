/** Small readers over web-ifc lines, shared by the object index's passes (ifcExtract, ifcProperties). */
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

/** The express ids of a type (with its subtypes when `inherited`). */
export const ids = (api: IfcAPI, modelID: number, type: number, inherited = false): number[] => {
  const vector = api.GetLineIDsWithType(modelID, type, inherited);
  const out: number[] = new Array<number>(vector.size());
  for (let i = 0; i < out.length; i++) out[i] = vector.get(i);
  return out;
};

/** Fetches lines in chunks (one call into the wasm module per chunk, not per line). */
export function lines(
  api: IfcAPI,
  modelID: number,
  expressIDs: readonly number[],
): Map<number, Record<string, unknown>> {
  const out = new Map<number, Record<string, unknown>>();
  const CHUNK = 5000;
  for (let start = 0; start < expressIDs.length; start += CHUNK) {
    const slice = expressIDs.slice(start, start + CHUNK);
    const got = api.GetLines(modelID, slice, false, false) as Array<Record<string, unknown> | undefined>;
    got.forEach((line, index) => {
      if (line) out.set(slice[index]!, line);
    });
  }
  return out;
}

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
