import { labelKeys, sortByLabel, TreeWriter } from './modelTree.columns.ts';
import type { ModelTree, TreeRow } from './modelTree.types.ts';

const STOREY_CLASS = 'IfcBuildingStorey';

/**
 * The spatial view: project › site › building › storey › space, with each object under its decomposition
 * parent (an assembly) else its spatial container. An object whose parent is not in the index (an assembly
 * with neither geometry nor properties, left out of it) goes under its storey by name, else to the top, so
 * an index from before the spatial rows were kept is listed flat.
 *
 * Siblings: the spatial structure first (storeys in `storeyRank` order, the viewables' order: by elevation),
 * then spaces, then elements, each by label.
 */
export function buildSpatialTree(
  rows: readonly TreeRow[],
  storeyRank: ReadonlyMap<string, number>,
): ModelTree {
  const rowOf = new Map<number, number>();
  rows.forEach((row, i) => rowOf.set(Number(row.local_id), i));
  const storeyRow = new Map<string, number>();
  rows.forEach((row, i) => {
    if (row.ifc_class === STOREY_CLASS && !storeyRow.has(row.name)) storeyRow.set(row.name, i);
  });

  const children = new Map<number, number[]>();
  const roots: number[] = [];
  rows.forEach((row, i) => {
    let parent = rowOf.get(Number(row.parent_local_id));
    if (parent === undefined && row.kind !== 'spatial' && row.storey) parent = storeyRow.get(row.storey);
    if (parent === undefined || parent === i) roots.push(i);
    else {
      const list = children.get(parent);
      if (list) list.push(i);
      else children.set(parent, [i]);
    }
  });

  const keys = labelKeys(rows);
  const rank = (i: number) => storeyRank.get(rows[i]!.guid) ?? Number.MAX_SAFE_INTEGER;
  const ordered = (indices: readonly number[]): number[] => {
    const spatial: number[] = [];
    const spaces: number[] = [];
    const elements: number[] = [];
    for (const i of indices) {
      const kind = rows[i]!.kind;
      (kind === 'spatial' ? spatial : kind === 'space' ? spaces : elements).push(i);
    }
    const spatialByRank = sortByLabel(rows, keys, spatial).sort((a, b) => rank(a) - rank(b));
    return [...spatialByRank, ...sortByLabel(rows, keys, spaces), ...sortByLabel(rows, keys, elements)];
  };

  const writer = new TreeWriter('spatial');
  const visited = new Uint8Array(rows.length);
  // depth-first with an explicit stack: [row, parent node]; children pushed in reverse come out in order
  const walk = (start: number[]) => {
    const stack: Array<[number, number]> = start.map((row) => [row, -1] as [number, number]).reverse();
    while (stack.length) {
      const [row, parentNode] = stack.pop()!;
      if (visited[row]) continue;
      visited[row] = 1;
      const node = writer.addRow(parentNode, rows[row]!);
      const kids = children.get(row);
      if (kids) for (const kid of ordered(kids).reverse()) stack.push([kid, node]);
    }
  };
  walk(ordered(roots));
  // objects whose parents form a loop are never reached from the top: list each loop from its first member
  for (let i = 0; i < rows.length; i++) if (!visited[i]) walk([i]);
  return writer.finish();
}
