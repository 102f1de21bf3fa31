// Tags as data (issue 37 §2): the suggested tag of a newly placed symbol by the sketch's numbering pattern,
// tags used twice in a sketch, and how a tag compares with the project's models and asset register.
import { z } from 'zod';
import { DEFAULT_TAG_PATTERN, PID_LIMITS, type PidSpec } from '../pidSchema.ts';
import type { SketchLists } from '../schema.ts';
import { classesAgree } from './classes.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How tags compare: trimmed, case-insensitive (models are matched the same way). */
export const tagKey = (tag: string) => tag.trim().toLocaleUpperCase('en');

/** A tag by the pattern: '{prefix}-{area}{seq:2}' with P, 1 and 1 gives 'P-101'. */
export function formatTag(pattern: string, prefix: string, area: string, seq: number): string {
  return pattern
    .replace(/\{prefix\}/g, prefix)
    .replace(/\{area\}/g, area)
    .replace(/\{seq(?::(\d))?\}/g, (_, width: string | undefined) =>
      String(seq).padStart(Number(width ?? 1), '0'),
    );
}

/**
 * The next free tag for a prefix: one more than the highest running number of that prefix and area among
 * `taken` (tags of the sketch, and of the project's models when known), from 1.
 */
export function suggestTag(
  prefix: string,
  numbering: PidSpec['numbering'] = { pattern: DEFAULT_TAG_PATTERN, area: '1' },
  taken: Iterable<string> = [],
): string {
  const { pattern, area } = numbering;
  let source = '';
  let last = 0;
  let width = 1;
  for (const match of pattern.matchAll(/\{(prefix|area|seq(?::\d)?)\}/g)) {
    if (match[1]!.startsWith('seq')) width = Number(match[1]!.split(':')[1] ?? 1);
    source += escapeRegExp(pattern.slice(last, match.index));
    source +=
      match[1] === 'prefix' ? escapeRegExp(prefix) : match[1] === 'area' ? escapeRegExp(area) : '(\\d+)';
    last = match.index + match[0].length;
  }
  source += escapeRegExp(pattern.slice(last));
  const matcher = new RegExp(`^${source}$`, 'i');
  const used = new Set<string>();
  let highest = 0;
  for (const tag of taken) {
    used.add(tagKey(tag));
    const seq = matcher.exec(tag.trim())?.[1];
    // only numbers the pattern writes: 'P-1001' is not P-1{seq:2} number 1 (that is 'P-101')
    if (seq && seq === String(Number(seq)).padStart(width, '0')) highest = Math.max(highest, Number(seq));
  }
  let seq = highest + 1;
  let tag = formatTag(pattern, prefix, area, seq);
  while (used.has(tagKey(tag))) tag = formatTag(pattern, prefix, area, ++seq);
  return tag;
}

/**
 * The fixed start of the tags a prefix gives by the pattern, up to the running number ('{prefix}-{area}{seq:2}'
 * with P and area 1: 'P-1'): the project's tags are looked up by it. '' when the number comes first.
 */
export function tagStem(pattern: string, prefix: string, area: string): string {
  const seq = /\{seq(?::\d)?\}/.exec(pattern);
  const head = seq ? pattern.slice(0, seq.index) : pattern;
  return formatTag(head, prefix, area, 0);
}

// ---- the project's tags in use: GET /api/projects/:projectId/tags-in-use?stem= ---------------------------

export const TAGS_IN_USE_LIMIT = 5000;

export const TagsInUseQuerySchema = z.strictObject({
  stem: z.string().trim().min(1, 'Give the start of the tags (stem)').max(PID_LIMITS.maxTagLength),
});

/** The project's tags (models and asset register) that start with the stem, each once, at most the limit. */
export interface TagsInUseAnswer {
  tags: string[];
}

/** Every tag used by more than one symbol of the sketch, with the ids of those symbols. */
export function duplicateTags(lists: Pick<SketchLists, 'Images'>): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const image of lists.Images) {
    const tag = image.tag?.trim();
    if (!tag) continue;
    const key = tagKey(tag);
    byTag.set(key, [...(byTag.get(key) ?? []), image.id]);
  }
  for (const [key, ids] of byTag) if (ids.length < 2) byTag.delete(key);
  return byTag;
}

// ---- the project's tags: POST /api/projects/:projectId/tag-lookup ---------------------------------------

export const TAG_LOOKUP_LIMIT = 5000;

export const TagLookupRequestSchema = z.strictObject({
  tags: z
    .array(z.string().trim().min(1, 'A tag is empty').max(PID_LIMITS.maxTagLength))
    .max(TAG_LOOKUP_LIMIT, `At most ${TAG_LOOKUP_LIMIT} tags at once`),
});
export type TagLookupRequest = z.infer<typeof TagLookupRequestSchema>;

/** A model object that carries a tag as its own. */
export interface TaggedModelObject {
  fileName: string;
  versionId: string;
  /** the object's category: its P&ID Class through the catalogue, else from its IFC class */
  category: string;
  ifcClass: string;
  name: string;
}

/** A tag in the project's asset register (saved static or dynamic values of a model's object). */
export interface RegisterEntry {
  fileName: string;
  category: string;
}

export interface TagLookupEntry {
  /** the tag as asked */
  tag: string;
  objects: TaggedModelObject[];
  register: RegisterEntry[];
}

export interface TagLookupAnswer {
  /** the models looked in: the newest converted version of each of the project's model files */
  models: Array<{ itemId: string; versionId: string; fileName: string }>;
  /** one entry per tag asked, in the order asked */
  tags: TagLookupEntry[];
}

export const TAG_STATUS = {
  inModel: 'in model',
  notInModel: 'not in model',
  differentClass: 'different class',
} as const;
export type TagStatus = (typeof TAG_STATUS)[keyof typeof TAG_STATUS];

/**
 * A sketch item's tag against the project: 'in model' when a model object has the tag with a class that
 * agrees (classesAgree), 'different class' when objects have the tag but none agrees, else 'not in model'.
 */
export function tagStatus(itemClass: string, entry: TagLookupEntry | undefined): TagStatus {
  const objects = entry?.objects ?? [];
  if (objects.length === 0) return TAG_STATUS.notInModel;
  return objects.some((object) => classesAgree(itemClass, object.category))
    ? TAG_STATUS.inModel
    : TAG_STATUS.differentClass;
}
