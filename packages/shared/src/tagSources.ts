/**
 * Tags from any IFC (issue 10). The spec's rule stays first: an object's tag is its 'Tag' property, else its
 * parent's. An object that gets no tag that way falls back, in the order of the general setting `tagFallback`,
 * to the IFC `Tag` attribute of the element or to a named property (a tag or mark parameter of an authoring
 * tool: Revit's 'Mark', 'TagNumber'...), then to none. The object index records where each tag came from, and
 * the properties panel says so.
 */
import { z } from 'zod';

/** One fallback: an IFC attribute of the element, or a property (optionally of one property set). */
export const TagFallbackSchema = z.union([
  z.object({ attribute: z.literal('Tag') }).strict(),
  z
    .object({
      property: z.string().trim().min(1).max(200),
      propertySet: z.string().trim().max(200).optional(),
    })
    .strict(),
]);
export type TagFallback = z.infer<typeof TagFallbackSchema>;

/** The shipped order: the IFC Tag attribute, then the tag and mark parameters of the usual authoring tools. */
export const DEFAULT_TAG_FALLBACK: readonly TagFallback[] = [
  { attribute: 'Tag' },
  { property: 'Mark' },
  { property: 'TagNumber' },
  { property: 'Tag Number' },
];

/**
 * The fallback order of a general-settings file: its `tagFallback` list when that is a valid list, else the
 * shipped order. Invalid entries make the whole list invalid (an administrator's typo must not silently drop
 * a source).
 */
export function tagFallbackOf(settings: unknown): readonly TagFallback[] {
  const raw =
    settings && typeof settings === 'object'
      ? (settings as { tagFallback?: unknown }).tagFallback
      : undefined;
  if (raw === undefined) return DEFAULT_TAG_FALLBACK;
  const parsed = z.array(TagFallbackSchema).max(20).safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_TAG_FALLBACK;
}

/** Where a tag came from, as stored in the object index. */
export type TagSource = 'property' | 'parent' | 'attribute' | `named:${string}` | '';

/** What a tag source is called in the properties panel. */
export function tagSourceLabel(source: string): string {
  if (source === 'property') return 'from its Tag property';
  if (source === 'parent') return "from its parent's Tag property";
  if (source === 'attribute') return 'from the IFC Tag attribute';
  if (source.startsWith('named:')) return `from its '${source.slice('named:'.length)}' property`;
  return '';
}

/** What the tag resolution needs to know of an object. */
export interface TagCandidate {
  readonly id: number;
  /** parent id (decomposition, else spatial container); -1 for none */
  readonly parent: number;
  /** spatial containers (site, building, storey) never give a tag to what they contain */
  readonly spatial: boolean;
  /** the IFC Tag attribute ('' for none) */
  readonly attributeTag: string;
  /** the object's own properties first, then its type's */
  readonly properties: readonly {
    readonly displayName: string;
    readonly displayValue: unknown;
    readonly displayCategory: string;
  }[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

const propertyValue = (object: TagCandidate, name: string, set?: string): string => {
  for (const p of object.properties) {
    if (p.displayName !== name || (set !== undefined && p.displayCategory !== set)) continue;
    const value = text(p.displayValue);
    if (value) return value;
  }
  return '';
};

/**
 * Every object's tag and its source, in one pass over the parent links (a chain is walked once; cycles are
 * cut). The 'Tag' property chain first (own, then the nearest non-spatial ancestor's), then the fallbacks on
 * the object itself in the given order.
 */
export function resolveTags(
  objects: readonly TagCandidate[],
  fallback: readonly TagFallback[] = DEFAULT_TAG_FALLBACK,
): Map<number, { tag: string; source: TagSource }> {
  const byId = new Map(objects.map((o) => [o.id, o]));
  const ownTag = new Map<number, string>();
  for (const o of objects) ownTag.set(o.id, o.spatial ? '' : propertyValue(o, 'Tag'));
  const inherited = new Map<number, string>();
  const inheritedOf = (start: TagCandidate): string => {
    const chain: number[] = [];
    const seen = new Set<number>();
    let found = '';
    let current = byId.get(start.parent);
    while (current && !current.spatial && !seen.has(current.id)) {
      const known = inherited.get(current.id);
      if (known !== undefined) {
        found = ownTag.get(current.id) || known;
        break;
      }
      seen.add(current.id);
      chain.push(current.id);
      const own = ownTag.get(current.id)!;
      if (own) {
        found = own;
        break;
      }
      current = byId.get(current.parent);
    }
    // every object of the walked chain inherits what was found above it
    for (const id of chain) if (!inherited.has(id)) inherited.set(id, found);
    return found;
  };

  const result = new Map<number, { tag: string; source: TagSource }>();
  for (const o of objects) {
    if (o.spatial) {
      result.set(o.id, { tag: '', source: '' });
      continue;
    }
    const own = ownTag.get(o.id)!;
    if (own) {
      result.set(o.id, { tag: own, source: 'property' });
      continue;
    }
    const fromParent = inheritedOf(o);
    if (fromParent) {
      result.set(o.id, { tag: fromParent, source: 'parent' });
      continue;
    }
    let resolved: { tag: string; source: TagSource } = { tag: '', source: '' };
    for (const source of fallback) {
      if ('attribute' in source) {
        const value = text(o.attributeTag);
        if (value) resolved = { tag: value, source: 'attribute' };
      } else {
        const value = propertyValue(o, source.property, source.propertySet);
        if (value) resolved = { tag: value, source: `named:${source.property}` };
      }
      if (resolved.tag) break;
    }
    result.set(o.id, resolved);
  }
  return result;
}
