// A placed symbol as P&ID data in the editor (issue 37 §2): its catalogue entry, role and class, and the
// tag suggested for it by the sketch's numbering pattern.
import {
  SYMBOL_CATALOGUE,
  TAGGED_ROLES,
  pidItemClass,
  pidRole,
  suggestTag,
  tagPrefix,
  type PidRole,
  type PidSpec,
  type SketchLists,
  type SymbolCatalogueEntry,
  type SymbolImage,
} from '@penstock/shared';

const BY_SRC = new Map(SYMBOL_CATALOGUE.map((entry) => [entry.src, entry]));

export interface PidItemInfo {
  entry: SymbolCatalogueEntry | undefined;
  /** the symbol's name in the library (else its file name) */
  name: string;
  group: string;
  role: PidRole;
  /** the class set on it, else its group's default */
  itemClass: string;
}

export function pidItemInfo(image: Pick<SymbolImage, 'src' | 'pidItem' | 'itemClass'>): PidItemInfo {
  const entry = BY_SRC.get(image.src);
  const name = entry?.category ?? (image.pidItem || image.src.split('/').pop() || '');
  const group = entry?.group ?? '';
  return {
    entry,
    name,
    group,
    role: pidRole(group),
    itemClass: image.itemClass?.trim() || pidItemClass(group, name),
  };
}

/** The next free tag for a symbol: its class's letters by the sketch's pattern, past the tags in use. */
export function suggestedTag(
  image: Pick<SymbolImage, 'id' | 'src' | 'pidItem' | 'itemClass'>,
  lists: Pick<SketchLists, 'Images'>,
  pid: PidSpec,
  alsoTaken: Iterable<string> = [],
): string {
  const info = pidItemInfo(image);
  const taken = lists.Images.filter((other) => other.id !== image.id).flatMap((other) =>
    other.tag ? [other.tag] : [],
  );
  return suggestTag(tagPrefix(info.itemClass, info.name), pid.numbering, [...taken, ...alsoTaken]);
}

/** The P&ID fields a newly placed symbol gets: its class, and a suggested tag when its role is tagged. */
export function newSymbolData(
  image: Pick<SymbolImage, 'id' | 'src' | 'pidItem'>,
  lists: Pick<SketchLists, 'Images'>,
  pid: PidSpec,
  /** the project's tags in use (its models, asset register and other sketches) */
  projectTags: Iterable<string> = [],
): Pick<SymbolImage, 'itemClass' | 'tag'> {
  const info = pidItemInfo(image);
  if (info.role === 'line') return {};
  const itemClass = info.itemClass;
  if (!TAGGED_ROLES.has(info.role)) return { itemClass };
  return { itemClass, tag: suggestedTag({ ...image, itemClass }, lists, pid, projectTags) };
}

/** The tag prefix of a symbol about to be placed, when it gets a tag (else null: no lookup needed). */
export function taggedPrefix(image: Pick<SymbolImage, 'src' | 'pidItem'>): string | null {
  const info = pidItemInfo(image);
  return TAGGED_ROLES.has(info.role) ? tagPrefix(info.itemClass, info.name) : null;
}
