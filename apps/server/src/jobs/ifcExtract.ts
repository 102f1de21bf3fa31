import {
  IFCBUILDINGSTOREY,
  IFCPRODUCT,
  IFCPROJECT,
  IFCPROPERTYSET,
  IFCPROPERTYSINGLEVALUE,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELNESTS,
  IFCSIUNIT,
  type IfcAPI,
} from 'web-ifc';

/** One property of an object, as stored and as answered (without dbId). */
export interface StoredProperty {
  displayName: string;
  displayValue: string;
  displayCategory: string;
  units: string;
}

/** An object of the index: an IfcElement (physical element) with geometry or properties. */
export interface ExtractedObject {
  localId: number;
  guid: string;
  /** decomposition (aggregation, nesting) parent, else the spatial container; -1 for none */
  parent: number;
  /** the 'Tag' property, '' when the object has none (the parent fallback is applied later) */
  ownTag: string;
  pidClass: string;
  hazard: boolean;
  properties: StoredProperty[];
}

export interface ExtractedViewable {
  guid: string;
  name: string;
  role: '3d' | '2d';
  storey?: string;
}

export interface Extraction {
  objects: ExtractedObject[];
  viewables: ExtractedViewable[];
}

interface Handle {
  type?: number;
  value?: unknown;
}

const refOf = (value: unknown): number | undefined => {
  const handle = value as Handle | null | undefined;
  return handle && typeof handle.value === 'number' && handle.type === 5 ? handle.value : undefined;
};
const refsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(refOf).filter((id): id is number => id !== undefined) : [];
const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'value' in (value as Handle)) return textOf((value as Handle).value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
};
const ids = (api: IfcAPI, modelID: number, type: number, inherited = false): number[] => {
  const vector = api.GetLineIDsWithType(modelID, type, inherited);
  const out: number[] = new Array<number>(vector.size());
  for (let i = 0; i < out.length; i++) out[i] = vector.get(i);
  return out;
};

/** Fetches lines in chunks (one call into the wasm module per chunk, not per line). */
function lines(api: IfcAPI, modelID: number, expressIDs: number[]): Map<number, Record<string, unknown>> {
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

const SI_PREFIX: Record<string, string> = { MILLI: 'm', CENTI: 'c', KILO: 'k', MEGA: 'M', DECI: 'd' };
const SI_NAME: Record<string, string> = {
  METRE: 'm',
  SQUARE_METRE: 'm²',
  CUBIC_METRE: 'm³',
  GRAM: 'g',
  SECOND: 's',
  PASCAL: 'Pa',
  DEGREE_CELSIUS: '°C',
  WATT: 'W',
  VOLT: 'V',
  AMPERE: 'A',
  HERTZ: 'Hz',
  NEWTON: 'N',
  RADIAN: 'rad',
};

/**
 * The object index of an open model, read in bulk: every relation line is visited once (properties,
 * decomposition, containment), never per element, so a 100k-element model costs a few passes.
 */
export function extractIfc(
  api: IfcAPI,
  modelID: number,
  onProgress?: (fraction: number) => void,
): Extraction {
  // properties: relation → property set → single values; sets are read once even when shared
  const relDefines = lines(api, modelID, ids(api, modelID, IFCRELDEFINESBYPROPERTIES));
  onProgress?.(0.2);
  const psetIds = new Set<number>();
  for (const rel of relDefines.values()) {
    const pset = refOf(rel.RelatingPropertyDefinition);
    if (pset !== undefined) psetIds.add(pset);
  }
  const psets = lines(api, modelID, [...psetIds]);
  const propertyIds = new Set<number>();
  for (const [id, pset] of psets) {
    if (api.GetLineType(modelID, id) !== IFCPROPERTYSET) continue;
    for (const prop of refsOf(pset.HasProperties)) propertyIds.add(prop);
  }
  const propertyLines = lines(api, modelID, [...propertyIds]);
  const unitIds = new Set<number>();
  for (const line of propertyLines.values()) {
    const unit = refOf(line.Unit);
    if (unit !== undefined) unitIds.add(unit);
  }
  const unitText = new Map<number, string>();
  for (const [id, unit] of lines(api, modelID, [...unitIds])) {
    if (api.GetLineType(modelID, id) !== IFCSIUNIT) continue;
    const name = textOf(unit.Name);
    const prefix = textOf(unit.Prefix);
    unitText.set(id, `${SI_PREFIX[prefix] ?? ''}${SI_NAME[name] ?? name.toLowerCase()}`);
  }
  onProgress?.(0.5);

  const propertiesOf = new Map<number, StoredProperty[]>();
  const psetProperties = new Map<number, StoredProperty[]>();
  for (const [id, pset] of psets) {
    if (api.GetLineType(modelID, id) !== IFCPROPERTYSET) continue;
    const category = textOf(pset.Name);
    const list: StoredProperty[] = [];
    for (const propId of refsOf(pset.HasProperties)) {
      const prop = propertyLines.get(propId);
      if (!prop || api.GetLineType(modelID, propId) !== IFCPROPERTYSINGLEVALUE) continue;
      const unit = refOf(prop.Unit);
      list.push({
        displayName: textOf(prop.Name),
        displayValue: textOf(prop.NominalValue),
        displayCategory: category,
        units: unit !== undefined ? (unitText.get(unit) ?? '') : '',
      });
    }
    psetProperties.set(id, list);
  }
  for (const rel of relDefines.values()) {
    const list = psetProperties.get(refOf(rel.RelatingPropertyDefinition) ?? -1);
    if (!list) continue;
    for (const object of refsOf(rel.RelatedObjects)) {
      const existing = propertiesOf.get(object);
      if (existing) existing.push(...list);
      else propertiesOf.set(object, [...list]);
    }
  }

  // parents: decomposition wins over spatial containment
  const parentOf = new Map<number, number>();
  for (const rel of lines(api, modelID, ids(api, modelID, IFCRELCONTAINEDINSPATIALSTRUCTURE)).values()) {
    const parent = refOf(rel.RelatingStructure);
    if (parent !== undefined) for (const child of refsOf(rel.RelatedElements)) parentOf.set(child, parent);
  }
  for (const type of [IFCRELAGGREGATES, IFCRELNESTS]) {
    for (const rel of lines(api, modelID, ids(api, modelID, type)).values()) {
      const parent = refOf(rel.RelatingObject);
      if (parent !== undefined) for (const child of refsOf(rel.RelatedObjects)) parentOf.set(child, parent);
    }
  }
  onProgress?.(0.7);

  // the physical elements
  const productIds = ids(api, modelID, IFCPRODUCT, true).filter((id) =>
    api.IsIfcElement(api.GetLineType(modelID, id) as number),
  );
  const products = lines(api, modelID, productIds);
  const objects: ExtractedObject[] = [];
  for (const id of productIds) {
    const product = products.get(id);
    if (!product) continue;
    const properties = propertiesOf.get(id) ?? [];
    if (!properties.length && refOf(product.Representation) === undefined) continue;
    const valueOf = (name: string) => properties.find((p) => p.displayName === name)?.displayValue ?? '';
    objects.push({
      localId: id,
      guid: textOf(product.GlobalId),
      parent: parentOf.get(id) ?? -1,
      ownTag: valueOf('Tag').trim(),
      pidClass: valueOf('P&ID Class').trim(),
      hazard: properties.some((p) => p.displayName === 'Hazard'),
      properties,
    });
  }
  onProgress?.(0.9);

  const viewables: ExtractedViewable[] = [];
  const project = ids(api, modelID, IFCPROJECT)[0];
  const projectLine = project !== undefined ? lines(api, modelID, [project]).get(project) : undefined;
  viewables.push({ guid: textOf(projectLine?.GlobalId) || 'model', name: '3D', role: '3d' });
  const storeys = lines(api, modelID, ids(api, modelID, IFCBUILDINGSTOREY));
  const ordered = [...storeys.values()].sort(
    (a, b) => Number(textOf(a.Elevation) || 0) - Number(textOf(b.Elevation) || 0),
  );
  for (const storey of ordered) {
    const name = textOf(storey.Name) || textOf(storey.LongName) || 'Storey';
    viewables.push({ guid: textOf(storey.GlobalId), name, role: '2d', storey: name });
  }
  return { objects, viewables };
}
