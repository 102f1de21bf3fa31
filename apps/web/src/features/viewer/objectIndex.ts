import type { ObjectIndex } from './api.ts';

/** Lookups over the column index of a model's objects. */
export interface IndexedObjects {
  count: number;
  rowOf(localId: number): number | undefined;
  /** The Tag of an object, going to the parent (and its parents) when it has none; '' when none found. */
  tagOf(localId: number): string;
  categoryOf(localId: number): string;
  /** Objects whose tag is exactly this one. */
  byTag(tag: string): number[];
  /** every distinct tag of the model, in index order */
  tags(): string[];
  hazards(): readonly number[];
}

export function indexObjects(index: ObjectIndex): IndexedObjects {
  const rows = new Map<number, number>();
  let hazards: number[] | undefined;
  index.localIds.forEach((localId, row) => rows.set(localId, row));
  const tagOf = (localId: number): string => {
    const seen = new Set<number>();
    let current: number | undefined = localId;
    while (current !== undefined && current >= 0 && !seen.has(current)) {
      seen.add(current);
      const row = rows.get(current);
      if (row === undefined) return '';
      const tag = index.tags[row] ?? '';
      if (tag) return tag;
      current = index.parents[row];
    }
    return '';
  };
  return {
    count: index.localIds.length,
    rowOf: (localId) => rows.get(localId),
    tagOf,
    categoryOf: (localId) => {
      const row = rows.get(localId);
      return row === undefined ? '' : (index.categories[row] ?? '');
    },
    byTag: (tag) => index.localIds.filter((_, row) => index.tags[row] === tag),
    tags: () => [...new Set(index.tags.filter((tag) => tag !== ''))],
    // worked out once: the toolbar shows the count on every render of the model view
    hazards: () => (hazards ??= index.localIds.filter((_, row) => index.hazard[row] === 1)),
  };
}

/** Up to `count` entries spread evenly over a list, first included (pure; for click targets). */
export function spreadSample<T>(items: readonly T[], count: number): T[] {
  if (count <= 0 || items.length === 0) return [];
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}
