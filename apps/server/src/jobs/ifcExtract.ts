import {
  IFCBUILDINGSTOREY,
  IFCELEMENT,
  IFCFEATUREELEMENT,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELNESTS,
  IFCSPACE,
  IFCSPATIALSTRUCTUREELEMENT,
  IFCVIRTUALELEMENT,
  type IfcAPI,
} from 'web-ifc';
import { ifcClassName } from './ifcLines.ts';
import { IndexReader, type ObjectRecord, type ObservedLines } from './indexLines.ts';
import { readProperties, type StoredProperty } from './ifcProperties.ts';

export type { StoredProperty };

/** What an index row is: a physical element, a space, or a spatial container (project, site, building...). */
export type ExtractedKind = 'element' | 'space' | 'spatial';

/**
 * An object of the index. The index holds what a user can select or find in the model tree: physical
 * elements (IfcElement and its subtypes, less openings and other feature elements and virtual elements)
 * with geometry or properties, spaces, and the spatial structure they stand in (project, site, building,
 * storey and the IFC 4.3 facilities). Ports, grids, annotations, alignments and openings are left out.
 */
export interface ExtractedObject {
  localId: number;
  guid: string;
  kind: ExtractedKind;
  /** decomposition (aggregation, nesting) parent, else the spatial container; -1 for none */
  parent: number;
  ifcClass: string;
  /** the entity of the element's type object ('' for none) */
  typeClass: string;
  name: string;
  /** PredefinedType of the occurrence, else of its type ('' for none, NOTDEFINED, USERDEFINED) */
  predefinedType: string;
  /** ObjectType of the occurrence and ElementType and Name of the type: what a user-defined type is called */
  typeWords: string[];
  /** the IFC Tag attribute of an element ('' for none) */
  attributeTag: string;
  /** name of the storey it stands in ('' for none) */
  storey: string;
  pidClass: string;
  hazard: boolean;
  /** own properties, then the type's (marked fromType) */
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

/**
 * The index of an open model, its objects read one at a time: `objects()` walks them in express id order and
 * works out each one's properties as it is reached, so what is held at once is the records of the lines
 * (indexLines.ts), never every object's properties (issue 38: a million elements). Each call walks again.
 */
export interface StreamedExtraction {
  objects(): Generator<ExtractedObject>;
  viewables: ExtractedViewable[];
}

/** Parents: decomposition wins over spatial containment. */
function readParents(reader: IndexReader): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const rel of reader.rels(reader.ids(IFCRELCONTAINEDINSPATIALSTRUCTURE)).values()) {
    const parent = rel.relating;
    if (parent !== undefined) for (const child of rel.related) parentOf.set(child, parent);
  }
  for (const type of [IFCRELAGGREGATES, IFCRELNESTS]) {
    for (const rel of reader.rels(reader.ids(type)).values()) {
      const parent = rel.relating;
      if (parent !== undefined) for (const child of rel.related) parentOf.set(child, parent);
    }
  }
  return parentOf;
}

/** The ids of each kind, in express id order. */
function readKinds(reader: IndexReader): Map<number, ExtractedKind> {
  const kinds = new Map<number, ExtractedKind>();
  for (const id of reader.ids(IFCPROJECT)) kinds.set(id, 'spatial');
  for (const id of reader.ids(IFCSPATIALSTRUCTUREELEMENT, true)) kinds.set(id, 'spatial');
  for (const id of reader.ids(IFCSPACE)) kinds.set(id, 'space');
  const excluded = new Set([...reader.ids(IFCFEATUREELEMENT, true), ...reader.ids(IFCVIRTUALELEMENT)]);
  for (const id of reader.ids(IFCELEMENT, true)) if (!excluded.has(id)) kinds.set(id, 'element');
  return new Map([...kinds].sort((a, b) => a[0] - b[0]));
}

/**
 * The object index of an open model, read in bulk: every relation line is visited once (properties, types,
 * decomposition, containment), never per element, so a 100k-element model costs a few passes. The lines
 * come as records (indexLines.ts): those `observed` while the importer read them, the rest from web-ifc.
 */
export function extractIfc(api: IfcAPI, modelID: number, observed?: ObservedLines): Extraction {
  const streamed = streamIfc(api, modelID, observed);
  return { objects: [...streamed.objects()], viewables: streamed.viewables };
}

/** The object index of an open model, its objects read as they are walked (see StreamedExtraction). */
export function streamIfc(api: IfcAPI, modelID: number, observed?: ObservedLines): StreamedExtraction {
  const reader = new IndexReader(api, modelID, observed);
  const properties = readProperties(reader);
  const parentOf = readParents(reader);
  const kinds = readKinds(reader);

  const rows = reader.objects([...kinds.keys()]);
  const typeLines = reader.objects([...new Set(properties.typeOf.values())]);
  const storeyIds = new Set(reader.ids(IFCBUILDINGSTOREY));
  const storeyOf = new Map<number, string>();
  const storeyName = (id: number): string => {
    const known = storeyOf.get(id);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    const chain: number[] = [];
    let current: number | undefined = id;
    let found = '';
    while (current !== undefined && !seen.has(current)) {
      const cached = storeyOf.get(current);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      seen.add(current);
      chain.push(current);
      if (storeyIds.has(current)) {
        const line = rows.get(current);
        found = line?.name || line?.longName || 'Storey';
        break;
      }
      current = parentOf.get(current);
    }
    for (const link of chain) storeyOf.set(link, found);
    return found;
  };

  function* objects(): Generator<ExtractedObject> {
    for (const [id, kind] of kinds) {
      const line = rows.get(id);
      if (!line) continue;
      const own = properties.of(id);
      if (kind === 'element' && !own.length && !line.hasRepresentation) continue;
      const typeId = properties.typeOf.get(id);
      const type = typeId !== undefined ? typeLines.get(typeId) : undefined;
      const valueOf = (name: string) => own.find((p) => p.displayName === name)?.displayValue.trim() ?? '';
      yield {
        localId: id,
        guid: line.guid,
        kind,
        parent: parentOf.get(id) ?? -1,
        ifcClass: ifcClassName(api, reader.lineType(id)),
        typeClass: typeId !== undefined ? ifcClassName(api, reader.lineType(typeId)) : '',
        name: line.name,
        predefinedType: line.predefinedType || (type?.predefinedType ?? ''),
        typeWords: [line.objectType, type?.elementType ?? '', type?.name ?? '', line.name].filter(
          (word) => word !== '',
        ),
        attributeTag: kind === 'element' ? line.tag.trim() : '',
        storey: kind === 'spatial' ? '' : storeyName(id),
        pidClass: valueOf('P&ID Class'),
        hazard: own.some((p) => p.displayName === 'Hazard'),
        properties: own,
      };
    }
  }

  const viewables: ExtractedViewable[] = [];
  const project = reader.ids(IFCPROJECT)[0];
  const projectLine = project !== undefined ? rows.get(project) : undefined;
  viewables.push({ guid: projectLine?.guid || 'model', name: '3D', role: '3d' });
  const ordered = [...storeyIds]
    .map((id) => rows.get(id))
    .filter((line): line is ObjectRecord => line !== undefined)
    .sort((a, b) => Number(a.elevation || 0) - Number(b.elevation || 0));
  for (const storey of ordered) {
    const name = storey.name || storey.longName || 'Storey';
    viewables.push({ guid: storey.guid, name, role: '2d', storey: name });
  }
  return { objects, viewables };
}
