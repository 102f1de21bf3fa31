import type { ModelTree } from './api.ts';

/**
 * The model tree of a federated view (issue 33): one root per model version, each over that model's own
 * tree, joined into one depth-first tree so the list, search, selection and hiding work across them as in
 * one model. An object's node carries a key instead of its localId, unique across the models:
 * `part * KEY_SPAN + localId` (the tab's own model is part 0, so its keys are its localIds).
 */

/** IFC express ids stay far below this; keys stay exact doubles (part < 2^21). */
export const KEY_SPAN = 2 ** 32;

export interface TreePart {
  /** the viewer's model id (`urn:<versionId>`) */
  modelId: string;
  versionId: string;
  /** the root's label: the file name and version */
  label: string;
  /** its tree; null while it loads (its place, and so its keys, are kept) */
  tree: ModelTree | null;
}

export interface FederatedTree {
  tree: ModelTree;
  /** the root node of each loaded part */
  roots: number[];
  parts: readonly TreePart[];
}

export const keyOf = (part: number, localId: number) => part * KEY_SPAN + localId;

/** The model and localId of an object key. */
export function refOfKey(parts: readonly TreePart[], key: number) {
  const part = Math.floor(key / KEY_SPAN);
  return {
    part,
    modelId: parts[part]?.modelId ?? '',
    versionId: parts[part]?.versionId ?? '',
    localId: key % KEY_SPAN,
  };
}

/** One part's tree as it is (a single model: no root above it); else a root per model over its tree. */
export function federateTrees(parts: readonly TreePart[]): FederatedTree | null {
  const loaded = parts.filter((p) => p.tree !== null);
  if (parts.length === 1) return parts[0]!.tree ? { tree: parts[0]!.tree, roots: [], parts } : null;
  if (loaded.length === 0) return null;
  const view = loaded[0]!.tree!.view;
  const out: ModelTree = {
    view,
    localIds: [],
    parents: [],
    sizes: [],
    counts: [],
    kinds: '',
    names: [],
    tags: [],
    classes: [],
    classNames: [],
  };
  const classIndex = new Map<string, number>();
  const kinds: string[] = [];
  const roots: number[] = [];
  parts.forEach((part, index) => {
    const tree = part.tree;
    if (!tree) return;
    const root = out.localIds.length;
    roots.push(root);
    const n = tree.localIds.length;
    let objects = 0;
    for (let i = 0; i < n; i++) if (tree.parents[i]! < 0) objects += tree.counts[i]!;
    out.localIds.push(-1);
    out.parents.push(-1);
    out.sizes.push(n + 1);
    out.counts.push(objects);
    kinds.push('s');
    out.names.push(part.label);
    out.tags.push('');
    out.classes.push(-1);
    const classes = tree.classNames.map((name) => {
      let at = classIndex.get(name);
      if (at === undefined) {
        at = out.classNames.length;
        out.classNames.push(name);
        classIndex.set(name, at);
      }
      return at;
    });
    for (let i = 0; i < n; i++) {
      const localId = tree.localIds[i]!;
      const parent = tree.parents[i]!;
      out.localIds.push(localId < 0 ? -1 : keyOf(index, localId));
      out.parents.push(parent < 0 ? root : root + 1 + parent);
      out.sizes.push(tree.sizes[i]!);
      out.counts.push(tree.counts[i]!);
      out.names.push(tree.names[i]!);
      out.tags.push(tree.tags[i]!);
      const cls = tree.classes[i]!;
      out.classes.push(cls < 0 ? -1 : classes[cls]!);
    }
    kinds.push(tree.kinds);
  });
  out.kinds = kinds.join('');
  return { tree: out, roots, parts };
}
