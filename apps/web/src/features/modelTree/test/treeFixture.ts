import type { ModelTree, TreeView } from '../api.ts';

/** A node of a tree written out nested, for tests. */
export interface NodeSpec {
  kind: 's' | 'r' | 'e' | 'g';
  id?: number;
  name: string;
  tag?: string;
  ifcClass?: string;
  children?: NodeSpec[];
}

/** The server's column answer for a nested tree (depth-first, sizes and counts summed). */
export function treeOf(view: TreeView, roots: NodeSpec[]): ModelTree {
  const tree: ModelTree = {
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
  const add = (spec: NodeSpec, parent: number): { size: number; count: number } => {
    const node = tree.localIds.length;
    tree.localIds.push(spec.id ?? -1);
    tree.parents.push(parent);
    tree.sizes.push(1);
    tree.counts.push(0);
    tree.kinds += spec.kind;
    tree.names.push(spec.name);
    tree.tags.push(spec.tag ?? '');
    let cls = -1;
    if (spec.ifcClass) {
      cls = tree.classNames.indexOf(spec.ifcClass);
      if (cls < 0) cls = tree.classNames.push(spec.ifcClass) - 1;
    }
    tree.classes.push(cls);
    let size = 1;
    let count = spec.kind === 'e' || spec.kind === 'r' ? 1 : 0;
    for (const child of spec.children ?? []) {
      const sub = add(child, node);
      size += sub.size;
      count += sub.count;
    }
    tree.sizes[node] = size;
    tree.counts[node] = count;
    return { size, count };
  };
  for (const root of roots) add(root, -1);
  return tree;
}

/** Works › Site › Plant › Ground Floor (pump P-101 with its motor, valve V-7), Upper Deck (wall, room). */
export const SPATIAL: ModelTree = treeOf('spatial', [
  {
    kind: 's',
    id: 1,
    name: 'Works',
    ifcClass: 'IfcProject',
    children: [
      {
        kind: 's',
        id: 2,
        name: 'Site',
        ifcClass: 'IfcSite',
        children: [
          {
            kind: 's',
            id: 3,
            name: 'Plant',
            ifcClass: 'IfcBuilding',
            children: [
              {
                kind: 's',
                id: 10,
                name: 'Ground Floor',
                ifcClass: 'IfcBuildingStorey',
                children: [
                  {
                    kind: 'e',
                    id: 20,
                    name: 'Raw water pump',
                    tag: 'P-101',
                    ifcClass: 'IfcPump',
                    children: [{ kind: 'e', id: 21, name: 'Motor', ifcClass: 'IfcElectricMotor' }],
                  },
                  { kind: 'e', id: 22, name: 'V-7', ifcClass: 'IfcValve' },
                ],
              },
              {
                kind: 's',
                id: 11,
                name: 'Upper Deck',
                ifcClass: 'IfcBuildingStorey',
                children: [
                  { kind: 'e', id: 30, name: 'Wall', ifcClass: 'IfcWall' },
                  { kind: 'r', id: 31, name: 'Room 1', ifcClass: 'IfcSpace' },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);

export const BY_CATEGORY: ModelTree = treeOf('category', [
  {
    kind: 'g',
    name: 'Pump',
    children: [{ kind: 'e', id: 20, name: 'Raw water pump', tag: 'P-101', ifcClass: 'IfcPump' }],
  },
  { kind: 'g', name: 'Valve', children: [{ kind: 'e', id: 22, name: 'V-7', ifcClass: 'IfcValve' }] },
]);
