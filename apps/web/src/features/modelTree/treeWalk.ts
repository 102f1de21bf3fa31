import type { ModelTree } from './api.ts';

/**
 * Walks over the server's depth-first tree. Every function here is linear in the nodes it touches at most
 * once: a 100k-object model stays responsive without building child lists or node objects in the browser.
 */

/** What a node is called: its name, else its tag, else its IFC class. */
export function labelOf(tree: ModelTree, node: number): string {
  return (
    tree.names[node] || tree.tags[node] || tree.classNames[tree.classes[node]!] || `#${tree.localIds[node]}`
  );
}

export const isObject = (tree: ModelTree, node: number): boolean =>
  tree.kinds[node] === 'e' || tree.kinds[node] === 'r';

/** The localIds of the objects in a node's subtree (itself included): what selecting or hiding it acts on. */
export function objectIdsUnder(tree: ModelTree, node: number): number[] {
  const ids: number[] = [];
  const end = node + tree.sizes[node]!;
  for (let i = node; i < end; i++) if (isObject(tree, i)) ids.push(tree.localIds[i]!);
  return ids;
}

/** Opened at first: the spatial structure down to the storeys (project, site, building); nothing by category. */
export function initiallyExpanded(tree: ModelTree): Set<number> {
  const expanded = new Set<number>();
  if (tree.view !== 'spatial') return expanded;
  for (let i = 0; i < tree.localIds.length; i++) {
    const parent = tree.parents[i]!;
    // a spatial node with a spatial child (a building above its storeys) is open
    if (tree.kinds[i] === 's' && parent >= 0 && tree.kinds[parent] === 's') expanded.add(parent);
  }
  return expanded;
}

/** Node index of each object's localId (an object is listed once per view). */
export function nodesByLocalId(tree: ModelTree): Map<number, number> {
  const nodes = new Map<number, number>();
  tree.localIds.forEach((localId, node) => {
    if (localId >= 0 && !nodes.has(localId)) nodes.set(localId, node);
  });
  return nodes;
}

/** The node's ancestors, nearest first. */
export function ancestorsOf(tree: ModelTree, node: number): number[] {
  const chain: number[] = [];
  for (let at = tree.parents[node]!; at >= 0; at = tree.parents[at]!) chain.push(at);
  return chain;
}

export const NOT_MARKED = 0;
export const LEADS_TO_MATCH = 1;
export const MATCHES = 2;

export interface TreeSearch {
  /** per node: NOT_MARKED, LEADS_TO_MATCH (an ancestor of a match) or MATCHES */
  marks: Uint8Array;
  /** the matches' ancestors: opened so every match shows */
  expanded: Set<number>;
  matches: number;
}

/** Lower-cased names and tags, made once per tree so each keystroke only compares. */
export interface SearchText {
  names: string[];
  tags: string[];
}

export const searchTextOf = (tree: ModelTree): SearchText => ({
  names: tree.names.map((name) => name.toLowerCase()),
  tags: tree.tags.map((tag) => tag.toLowerCase()),
});

/** Nodes whose name or tag holds the text (any case), and their ancestors; null for an empty search. */
export function searchTree(tree: ModelTree, text: SearchText, query: string): TreeSearch | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const marks = new Uint8Array(tree.localIds.length);
  const expanded = new Set<number>();
  let matches = 0;
  for (let i = 0; i < marks.length; i++) {
    if (!text.names[i]!.includes(needle) && !text.tags[i]!.includes(needle)) continue;
    marks[i] = MATCHES;
    matches++;
    // stop at an ancestor already opened: the rest of the chain is too
    for (let at = tree.parents[i]!; at >= 0 && !expanded.has(at); at = tree.parents[at]!) {
      expanded.add(at);
      if (marks[at] === NOT_MARKED) marks[at] = LEADS_TO_MATCH;
    }
  }
  return { marks, expanded, matches };
}

/**
 * The nodes listed, top to bottom: those under open parents. While searching, only matches and the nodes
 * leading to them, plus whatever lies under a match the user opens.
 */
export function visibleRows(
  tree: ModelTree,
  expanded: ReadonlySet<number>,
  search: TreeSearch | null,
): number[] {
  const rows: number[] = [];
  const n = tree.localIds.length;
  if (!search) {
    for (let i = 0; i < n; i += expanded.has(i) ? 1 : tree.sizes[i]!) rows.push(i);
    return rows;
  }
  // 1 when the node or one of its ancestors matches: then all of its children are listed
  const inMatch = new Uint8Array(n);
  for (let i = 0; i < n;) {
    const parent = tree.parents[i]!;
    const underMatch = parent >= 0 && inMatch[parent] === 1;
    if (!underMatch && search.marks[i] === NOT_MARKED) {
      i += tree.sizes[i]!;
      continue;
    }
    inMatch[i] = underMatch || search.marks[i] === MATCHES ? 1 : 0;
    rows.push(i);
    i += expanded.has(i) ? 1 : tree.sizes[i]!;
  }
  return rows;
}

/** Per node, how many of its subtree's objects are hidden (one backwards pass: children follow parents). */
export function hiddenCounts(tree: ModelTree, hidden: ReadonlySet<number>): Int32Array {
  const counts = new Int32Array(tree.localIds.length);
  if (hidden.size === 0) return counts;
  for (let i = counts.length - 1; i >= 0; i--) {
    if (isObject(tree, i) && hidden.has(tree.localIds[i]!)) counts[i]! += 1;
    const parent = tree.parents[i]!;
    if (parent >= 0) counts[parent]! += counts[i]!;
  }
  return counts;
}
