import { classifyObject, resolveTags, type TagFallback } from '@penstock/shared';
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
  const tags = resolveTags(
    objects.map((o) => ({
      id: o.localId,
      parent: o.parent,
      spatial: o.kind === 'spatial',
      attributeTag: o.attributeTag,
      properties: o.properties,
    })),
    tagFallback,
  );
  return objects.map((o) => {
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
    return {
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
    };
  });
}
