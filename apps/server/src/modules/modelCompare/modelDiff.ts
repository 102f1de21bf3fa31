/**
 * The diff of two converted model versions (issue 34 §2), pure: objects of the object index matched by
 * GlobalId, then by tag (for tools that regenerate GlobalIds), classified as added, removed, changed or
 * unchanged; for a changed one, what changed: attributes, property values, type (its IFC class), placement
 * and geometry (from the geometry signatures read from the .frag, geometrySignatures.ts).
 */
import type {
  AttributeChange,
  ChangeAspect,
  ChangeKind,
  ModelCompareSummary,
  PropertyChange,
} from '@penstock/shared';

/** An object of the index as the diff reads it (a model_objects row). */
export interface DiffObject {
  localId: number;
  guid: string;
  kind: string;
  ifcClass: string;
  name: string;
  predefinedType: string;
  tag: string;
  /** where the tag came from ('attribute', 'property', 'named:…', 'parent', '') */
  tagSource: string;
  storey: string;
  /** JSON text of [{displayName, displayValue, displayCategory, units, fromType?}] */
  properties: string;
}

/** Where an object is and what shape it has, from the converted geometry. */
export interface GeometrySignature {
  /** the object's origin in the model's coordinates (metres) */
  position: readonly [number, number, number];
  /** its x and y axes */
  xDirection: readonly [number, number, number];
  yDirection: readonly [number, number, number];
  /** a checksum of its shape, independent of where it stands (bounding boxes, vertex checksums, local transforms) */
  shape: number;
}

export interface ObjectChange {
  kind: ChangeKind;
  globalId: string;
  matchedBy: 'globalId' | 'tag' | null;
  ifcClass: string;
  name: string | null;
  tag: string | null;
  storey: string | null;
  baseLocalId: number | null;
  headLocalId: number | null;
  aspects: ChangeAspect[];
  attributes?: AttributeChange[];
  properties?: PropertyChange[];
  type?: { old: string | null; new: string | null };
  placement?: { moved: number; rotated: boolean };
  geometry?: boolean;
  /** where the object stands (the head's, or the base's for a removed one), for pins; null without geometry */
  position: [number, number, number] | null;
}

export interface ModelDiff {
  changes: ObjectChange[];
  summary: ModelCompareSummary;
}

/** An object moved less than this (metres) has not moved: the converted geometry is single precision. */
export const MOVE_TOLERANCE = 0.001;
const DIRECTION_TOLERANCE = 1e-4;

interface StoredProperty {
  displayName?: string;
  displayValue?: unknown;
  displayCategory?: string;
  fromType?: boolean;
}

type Value = string | number | boolean | null;

function propertyValues(text: string): Map<string, { set: string; name: string; value: Value }> {
  const values = new Map<string, { set: string; name: string; value: Value }>();
  let list: StoredProperty[] = [];
  try {
    list = JSON.parse(text) as StoredProperty[];
  } catch {
    return values;
  }
  if (!Array.isArray(list)) return values;
  for (const property of list) {
    const set = String(property.displayCategory ?? '');
    const name = String(property.displayName ?? '');
    const raw = property.displayValue;
    const value: Value =
      raw === null || raw === undefined
        ? null
        : typeof raw === 'number' || typeof raw === 'boolean'
          ? raw
          : String(raw);
    // a type's value is the occurrence's unless the occurrence has its own (the first listed wins)
    const key = `${set}\u0000${name}`;
    if (!values.has(key)) values.set(key, { set, name, value });
  }
  return values;
}

/** The property values that changed, appeared or went, in set and name order. */
export function propertyChanges(baseText: string, headText: string): PropertyChange[] {
  if (baseText === headText) return [];
  const base = propertyValues(baseText);
  const head = propertyValues(headText);
  const changes: PropertyChange[] = [];
  for (const [key, before] of base) {
    const after = head.get(key);
    if (!after) changes.push({ set: before.set, name: before.name, old: before.value, new: null });
    else if (after.value !== before.value)
      changes.push({ set: before.set, name: before.name, old: before.value, new: after.value });
  }
  for (const [key, after] of head)
    if (!base.has(key)) changes.push({ set: after.set, name: after.name, old: null, new: after.value });
  return changes.sort((a, b) => a.set.localeCompare(b.set) || a.name.localeCompare(b.name));
}

const text = (value: string): string | null => (value === '' ? null : value);

/** The tag as an attribute of the object itself: one inherited from a parent or read from a property is not. */
const ownTag = (object: DiffObject): string | null =>
  object.tagSource === 'attribute' ? text(object.tag) : null;

/** Name, PredefinedType, Tag (the IFC attribute) and the storey the object stands in. */
export function attributeChanges(base: DiffObject, head: DiffObject): AttributeChange[] {
  const changes: AttributeChange[] = [];
  const compare = (name: string, old: string | null, now: string | null) => {
    if (old !== now) changes.push({ name, old, new: now });
  };
  compare('Name', text(base.name), text(head.name));
  compare('PredefinedType', text(base.predefinedType), text(head.predefinedType));
  compare('Tag', ownTag(base), ownTag(head));
  compare('Storey', text(base.storey), text(head.storey));
  return changes;
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** How far the object moved and whether it turned; null when it stands where it stood. */
export function placementChange(
  base: GeometrySignature,
  head: GeometrySignature,
): { moved: number; rotated: boolean } | null {
  const moved = distance(base.position, head.position);
  const rotated =
    distance(base.xDirection, head.xDirection) > DIRECTION_TOLERANCE ||
    distance(base.yDirection, head.yDirection) > DIRECTION_TOLERANCE;
  if (moved < MOVE_TOLERANCE && !rotated) return null;
  return { moved: moved < MOVE_TOLERANCE ? 0 : Math.round(moved * 1000) / 1000, rotated };
}

function describeChange(
  base: DiffObject,
  head: DiffObject,
  baseGeometry: GeometrySignature | undefined,
  headGeometry: GeometrySignature | undefined,
): Pick<ObjectChange, 'aspects' | 'attributes' | 'properties' | 'type' | 'placement' | 'geometry'> {
  const aspects: ChangeAspect[] = [];
  const found: Pick<ObjectChange, 'attributes' | 'properties' | 'type' | 'placement' | 'geometry'> = {};
  const attributes = attributeChanges(base, head);
  if (attributes.length) {
    aspects.push('attributes');
    found.attributes = attributes;
  }
  const properties = propertyChanges(base.properties, head.properties);
  if (properties.length) {
    aspects.push('properties');
    found.properties = properties;
  }
  if (base.ifcClass !== head.ifcClass) {
    aspects.push('type');
    found.type = { old: text(base.ifcClass), new: text(head.ifcClass) };
  }
  if (baseGeometry && headGeometry) {
    const placement = placementChange(baseGeometry, headGeometry);
    if (placement) {
      aspects.push('placement');
      found.placement = placement;
    }
    if (baseGeometry.shape !== headGeometry.shape) {
      aspects.push('geometry');
      found.geometry = true;
    }
  } else if (!!baseGeometry !== !!headGeometry) {
    // geometry appeared or went
    aspects.push('geometry');
    found.geometry = true;
  }
  return { aspects, ...found };
}

/**
 * Pairs the objects left unmatched by GlobalId by their own tag (an attribute or a property, never one
 * inherited from a parent), where the tag names one object of the same kind on each side.
 */
function matchByTag(base: DiffObject[], head: DiffObject[]): Array<[DiffObject, DiffObject]> {
  const identity = (object: DiffObject) =>
    object.tag && object.tagSource !== 'parent' && object.tagSource !== ''
      ? `${object.kind}\u0000${object.tag}`
      : null;
  const unique = (objects: DiffObject[]) => {
    const byTag = new Map<string, DiffObject | null>();
    for (const object of objects) {
      const key = identity(object);
      if (key) byTag.set(key, byTag.has(key) ? null : object);
    }
    return byTag;
  };
  const baseByTag = unique(base);
  const headByTag = unique(head);
  const pairs: Array<[DiffObject, DiffObject]> = [];
  for (const [key, before] of baseByTag) {
    const after = headByTag.get(key);
    if (before && after) pairs.push([before, after]);
  }
  return pairs;
}

function emptySummary(): ModelCompareSummary {
  return {
    added: 0,
    removed: 0,
    changed: 0,
    unchanged: 0,
    aspects: { attributes: 0, properties: 0, type: 0, placement: 0, geometry: 0 },
  };
}

const positionOf = (signature: GeometrySignature | undefined): [number, number, number] | null =>
  signature ? [signature.position[0], signature.position[1], signature.position[2]] : null;

/**
 * The changes from `base` to `head`: changed and added objects in the head's order, then removed ones in the
 * base's order. Objects without a GlobalId are matched by tag only.
 */
export function diffModels(
  base: readonly DiffObject[],
  head: readonly DiffObject[],
  baseGeometry: ReadonlyMap<number, GeometrySignature>,
  headGeometry: ReadonlyMap<number, GeometrySignature>,
): ModelDiff {
  const baseByGuid = new Map<string, DiffObject>();
  for (const object of base) if (object.guid) baseByGuid.set(object.guid, object);
  const matchOf = new Map<DiffObject, { base: DiffObject; by: 'globalId' | 'tag' }>();
  const matchedBase = new Set<DiffObject>();
  for (const object of head) {
    const before = object.guid ? baseByGuid.get(object.guid) : undefined;
    if (before && !matchedBase.has(before)) {
      matchOf.set(object, { base: before, by: 'globalId' });
      matchedBase.add(before);
    }
  }
  const leftBase = base.filter((object) => !matchedBase.has(object));
  const leftHead = head.filter((object) => !matchOf.has(object));
  for (const [before, after] of matchByTag(leftBase, leftHead)) {
    matchOf.set(after, { base: before, by: 'tag' });
    matchedBase.add(before);
  }

  const summary = emptySummary();
  const changes: ObjectChange[] = [];
  for (const object of head) {
    const match = matchOf.get(object);
    const identity = {
      globalId: object.guid,
      ifcClass: object.ifcClass,
      name: text(object.name),
      tag: text(object.tag),
      storey: text(object.storey),
      headLocalId: object.localId,
      position: positionOf(headGeometry.get(object.localId)),
    };
    if (!match) {
      summary.added++;
      changes.push({ kind: 'added', matchedBy: null, baseLocalId: null, aspects: [], ...identity });
      continue;
    }
    const found = describeChange(
      match.base,
      object,
      baseGeometry.get(match.base.localId),
      headGeometry.get(object.localId),
    );
    if (!found.aspects.length) {
      summary.unchanged++;
      continue;
    }
    summary.changed++;
    for (const aspect of found.aspects) summary.aspects[aspect]++;
    changes.push({
      kind: 'changed',
      matchedBy: match.by,
      baseLocalId: match.base.localId,
      ...identity,
      ...found,
    });
  }
  for (const object of base) {
    if (matchedBase.has(object)) continue;
    summary.removed++;
    changes.push({
      kind: 'removed',
      globalId: object.guid,
      matchedBy: null,
      ifcClass: object.ifcClass,
      name: text(object.name),
      tag: text(object.tag),
      storey: text(object.storey),
      baseLocalId: object.localId,
      headLocalId: null,
      aspects: [],
      position: positionOf(baseGeometry.get(object.localId)),
    });
  }
  return { changes, summary };
}
