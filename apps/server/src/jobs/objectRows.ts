import { categoryOf } from '@penstock/shared';
import type { ModelObjectsTable } from '../db/schema.ts';
import type { ExtractedObject } from './ifcExtract.ts';

export type ObjectRow = Omit<ModelObjectsTable, 'version_id'>;

/** Rows for model_objects: an object without a Tag takes its nearest tagged ancestor's. */
export function toObjectRows(objects: readonly ExtractedObject[]): ObjectRow[] {
  const byId = new Map(objects.map((o) => [o.localId, o]));
  const tagOf = new Map<number, string>();
  const resolveTag = (object: ExtractedObject): string => {
    const known = tagOf.get(object.localId);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    const chain: ExtractedObject[] = [];
    let current: ExtractedObject | undefined = object;
    let tag = '';
    while (current && !seen.has(current.localId)) {
      const cached = tagOf.get(current.localId);
      if (cached !== undefined) {
        tag = cached;
        break;
      }
      seen.add(current.localId);
      chain.push(current);
      if (current.ownTag) {
        tag = current.ownTag;
        break;
      }
      current = byId.get(current.parent);
    }
    for (const link of chain) tagOf.set(link.localId, link.ownTag || tag);
    return tagOf.get(object.localId)!;
  };
  return objects.map((o) => ({
    local_id: o.localId,
    guid: o.guid,
    parent_local_id: o.parent,
    tag: resolveTag(o),
    category: categoryOf(o.pidClass),
    pid_class: o.pidClass,
    hazard: o.hazard ? 1 : 0,
    properties: JSON.stringify(o.properties),
  }));
}
