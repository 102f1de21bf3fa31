import { classifyObject, resolveTags, type TagCandidate, type TagFallback } from '@penstock/shared';
import { DEFAULT_TAG_FALLBACK } from '@penstock/shared';
import type { Selectable } from 'kysely';
import type { ModelObjectsTable } from '../db/schema.ts';
import type { ExtractedObject } from './ifcExtract.ts';

export type ObjectRow = Omit<Selectable<ModelObjectsTable>, 'version_id'>;

/**
 * Rows for model_objects: the tag by the spec's rule (its Tag property, else its nearest tagged parent's),
 * else by the fallback order of the general settings; the category from the P&ID Class, else from the IFC
 * class; where each came from.
 */
export function toObjectRows(
  objects: readonly ExtractedObject[],
  tagFallback?: readonly TagFallback[],
): ObjectRow[] {
  const rows: ObjectRow[] = [];
  eachObjectRow(
    () => objects.values(),
    tagFallback,
    (row) => rows.push(row),
  );
  return rows;
}

/**
 * The rows of the objects `walk` gives, each handed to `sink` as it is made (issue 38: nothing holds the
 * whole index). The objects are walked twice: first for what the tags need (the parent links and the few
 * properties a tag is read from), then for the rows themselves. Returns how many rows were made, and how many
 * of them are not spatial containers.
 */
export function eachObjectRow(
  walk: () => Iterable<ExtractedObject>,
  tagFallback: readonly TagFallback[] = DEFAULT_TAG_FALLBACK,
  sink: (row: ObjectRow) => void,
): { rows: number; objects: number } {
  // the properties a tag can come from: 'Tag', and the named fallbacks
  const tagNames = new Set(['Tag']);
  for (const source of tagFallback) if ('property' in source) tagNames.add(source.property);
  const candidates: TagCandidate[] = [];
  for (const o of walk())
    candidates.push({
      id: o.localId,
      parent: o.parent,
      spatial: o.kind === 'spatial',
      attributeTag: o.attributeTag,
      properties: o.properties.filter((p) => tagNames.has(p.displayName)),
    });
  const tags = resolveTags(candidates, tagFallback);
  candidates.length = 0;
  let rows = 0;
  let objects = 0;
  for (const o of walk()) {
    const { tag, source } = tags.get(o.localId) ?? { tag: '', source: '' };
    const { category, source: categorySource } =
      o.kind === 'element'
        ? classifyObject(o.pidClass, {
            ifcClass: o.ifcClass,
            typeClass: o.typeClass,
            predefinedType: o.predefinedType,
            words: o.typeWords,
          })
        : { category: '', source: '' as const };
    sink({
      local_id: o.localId,
      guid: o.guid,
      parent_local_id: o.parent,
      tag,
      category,
      pid_class: o.pidClass,
      hazard: o.hazard ? 1 : 0,
      properties: JSON.stringify(o.properties),
      ifc_class: o.ifcClass,
      name: o.name,
      predefined_type: o.predefinedType,
      storey: o.storey,
      tag_source: source,
      category_source: categorySource,
      kind: o.kind,
    });
    rows++;
    if (o.kind !== 'spatial') objects++;
  }
  return { rows, objects };
}
