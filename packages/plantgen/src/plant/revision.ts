/**
 * A second version of a plant with a known set of changes (issue 34 §4): elements removed, moved, with a
 * property value changed, and new ones added. Everything else is written exactly as in the first version,
 * with the same GlobalIds (a removed element still takes its GlobalIds from the sequence), so a model compare
 * must find exactly these changes. Which elements change depends only on the counts and the element count.
 */
import { PROP } from './props.ts';
import type { PlantElement, Point, Prop } from './types.ts';

export interface PlantRevision {
  /** elements left out */
  readonly removed: number;
  /** elements moved by `moveBy` */
  readonly moved: number;
  /** elements with one property value changed */
  readonly changed: number;
  /** new elements (copies of existing ones, set aside by 5 m, with new GlobalIds and no tag) */
  readonly added: number;
  /** how far moved elements move, in millimetres (default 1000 mm along x) */
  readonly moveBy?: Point;
}

/** What the revision changed, by GlobalId: what a compare of the two versions must report, and only that. */
export interface PlantRevisionChanges {
  readonly removed: string[];
  readonly added: string[];
  readonly moved: Array<{ guid: string; by: Point }>;
  readonly changed: Array<{
    guid: string;
    set: string;
    name: string;
    old: string | number;
    new: string | number;
  }>;
}

export type ElementChange = 'removed' | 'moved' | 'changed';

/** Properties that name or classify an object: a change to them is left out (it would change its tag). */
const IDENTITY_PROPS = new Set<string>([
  PROP.tag,
  PROP.category,
  PROP.hazard,
  PROP.modelClass,
  PROP.className,
]);

/**
 * Which element (by its index in writing order) gets which change: spread evenly over the plant, removed
 * first, then moved, then changed.
 */
export function planRevision(revision: PlantRevision, elements: number): Map<number, ElementChange> {
  const total = revision.removed + revision.moved + revision.changed;
  if (total > elements)
    throw new RangeError(`a revision of ${total} changes needs more than ${elements} elements`);
  const plan = new Map<number, ElementChange>();
  if (total === 0) return plan;
  const step = elements / total;
  const kinds: ElementChange[] = [
    ...Array<ElementChange>(revision.removed).fill('removed'),
    ...Array<ElementChange>(revision.moved).fill('moved'),
    ...Array<ElementChange>(revision.changed).fill('changed'),
  ];
  // interleaved, so each kind spreads over the whole plant
  const order = kinds.map((kind, k) => ({ kind, at: (k * 7919) % total }));
  for (const { kind, at } of order) plan.set(Math.floor(at * step + step / 2), kind);
  return plan;
}

export function movedElement(element: PlantElement, by: Point): PlantElement {
  const [x, y, z] = element.position;
  return { ...element, position: [x + by[0], y + by[1], z + by[2]] };
}

/** The element with its first property that is not an identity changed; the property's name and values. */
export function changedElement(
  element: PlantElement,
): { element: PlantElement; name: string; old: string | number; new: string | number } | null {
  const index = element.props.findIndex(([name]) => !IDENTITY_PROPS.has(name));
  if (index < 0) return null;
  const [name, old] = element.props[index]!;
  const now = typeof old === 'number' ? old + 1 : `${old} (revised)`;
  const props: Prop[] = [...element.props];
  props[index] = [name, now];
  return { element: { ...element, props }, name, old, new: now };
}

/** A new element made from an existing one: set aside by 5 m, untagged. */
export function addedElement(source: PlantElement, k: number): PlantElement {
  const [x, y, z] = source.position;
  const { tag: _tag, ...rest } = source;
  return {
    ...rest,
    name: `${source.name} (added ${k + 1})`,
    position: [x, y + 5000, z],
    props: source.props.filter(([name]) => name !== PROP.tag),
  };
}
