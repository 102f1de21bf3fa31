import { describe, expect, it } from 'vitest';
import { MISSING_PID_CLASS_CATEGORY } from '@penstock/shared';
import { buildCategoryTree, SPACES_GROUP } from './modelTree.category.ts';
import { acceptsGzip } from './modelTree.routes.ts';
import { buildSpatialTree } from './modelTree.spatial.ts';
import type { ModelTree, TreeRow } from './modelTree.types.ts';

const row = (
  localId: number,
  parent: number,
  kind: 'spatial' | 'space' | 'element',
  ifcClass: string,
  name: string,
  extra: Partial<TreeRow> = {},
): TreeRow => ({
  local_id: localId,
  parent_local_id: parent,
  kind,
  ifc_class: ifcClass,
  name,
  tag: '',
  tag_source: '',
  category: kind === 'element' ? 'Wall' : '',
  storey: '',
  guid: kind === 'spatial' ? `g${localId}` : '',
  ...extra,
});

/** project 1 › site 2 › building 3 › storeys 10 (upper) and 11 (ground); a pump assembly with a part */
const ROWS: TreeRow[] = [
  row(1, -1, 'spatial', 'IfcProject', 'Works'),
  row(2, 1, 'spatial', 'IfcSite', 'Site'),
  row(3, 2, 'spatial', 'IfcBuilding', 'Plant'),
  row(10, 3, 'spatial', 'IfcBuildingStorey', 'Upper'),
  row(11, 3, 'spatial', 'IfcBuildingStorey', 'Ground'),
  row(20, 11, 'space', 'IfcSpace', 'Pump room', { storey: 'Ground' }),
  row(30, 20, 'element', 'IfcPump', 'Pump 10', { tag: 'P-10', tag_source: 'property', category: 'Pump' }),
  row(31, 30, 'element', 'IfcElectricMotor', 'Motor', {
    tag: 'P-10',
    tag_source: 'parent',
    category: 'Motor',
  }),
  row(32, 20, 'element', 'IfcPump', 'Pump 2', { tag: 'P-2', tag_source: 'property', category: 'Pump' }),
  row(40, 10, 'element', 'IfcWall', 'Wall', { storey: 'Upper' }),
  // its assembly has neither geometry nor properties, so it is not in the index: found by storey name
  row(41, 999, 'element', 'IfcBeam', 'Beam', { storey: 'Upper', category: '' }),
];

/** node index of a local id */
const nodeOf = (tree: ModelTree, localId: number) => tree.localIds.indexOf(localId);
const childrenOf = (tree: ModelTree, node: number) =>
  tree.parents.flatMap((parent, i) => (parent === node ? [i] : []));

/** The depth-first invariants every answer keeps. */
function expectWellFormed(tree: ModelTree) {
  const n = tree.localIds.length;
  for (const column of [tree.parents, tree.sizes, tree.counts, tree.names, tree.tags, tree.classes])
    expect(column).toHaveLength(n);
  expect(tree.kinds).toHaveLength(n);
  for (let i = 0; i < n; i++) {
    const parent = tree.parents[i]!;
    expect(parent).toBeLessThan(i);
    // a node lies inside its parent's run
    if (parent >= 0) expect(i).toBeLessThan(parent + tree.sizes[parent]!);
    const kids = childrenOf(tree, i);
    expect(tree.sizes[i]).toBe(1 + kids.reduce((sum, k) => sum + tree.sizes[k]!, 0));
  }
}

describe('buildSpatialTree', () => {
  const storeyRank = new Map([
    ['g11', 1],
    ['g10', 2],
  ]);
  const tree = buildSpatialTree(ROWS, storeyRank);

  it('nests project › site › building › storeys (by elevation) › space › elements', () => {
    expectWellFormed(tree);
    expect(tree.localIds.slice(0, 3)).toEqual([1, 2, 3]);
    expect(childrenOf(tree, 2).map((i) => tree.names[i])).toEqual(['Ground', 'Upper']);
    const ground = nodeOf(tree, 11);
    expect(childrenOf(tree, ground).map((i) => tree.localIds[i])).toEqual([20]);
    // by label as read: Pump 2 before Pump 10
    expect(childrenOf(tree, nodeOf(tree, 20)).map((i) => tree.names[i])).toEqual(['Pump 2', 'Pump 10']);
    expect(tree.parents[nodeOf(tree, 31)]).toBe(nodeOf(tree, 30));
    expect(tree.parents[nodeOf(tree, 41)]).toBe(nodeOf(tree, 10));
  });

  it('counts the objects under each node and keeps only own tags', () => {
    expect(tree.counts[0]).toBe(6);
    expect(tree.counts[nodeOf(tree, 11)]).toBe(4);
    expect(tree.counts[nodeOf(tree, 10)]).toBe(2);
    expect(tree.kinds[nodeOf(tree, 20)]).toBe('r');
    expect(tree.tags[nodeOf(tree, 30)]).toBe('P-10');
    expect(
      buildSpatialTree([row(5, -1, 'element', 'IfcPump', 'P-1', { tag: 'P-1' })], new Map()).tags,
    ).toEqual(['']);
    expect(tree.tags[nodeOf(tree, 31)]).toBe('');
    expect(tree.classNames[tree.classes[nodeOf(tree, 31)]!]).toBe('IfcElectricMotor');
  });

  it('lists an index without spatial rows flat, and objects in a parent loop once', () => {
    const old = [
      row(5, 100, 'element', '', '', { tag: 'V-1' }),
      row(6, 100, 'element', '', ''),
      row(7, 8, 'element', '', 'A'),
      row(8, 7, 'element', '', 'B'),
    ];
    const flat = buildSpatialTree(old, new Map());
    expectWellFormed(flat);
    expect(flat.localIds).toHaveLength(4);
    expect(flat.parents.slice(0, 2)).toEqual([-1, -1]);
    expect(new Set(flat.localIds)).toEqual(new Set([5, 6, 7, 8]));
  });
});

describe('buildCategoryTree', () => {
  const tree = buildCategoryTree(ROWS);

  it('groups objects by category, by IFC class only where a category holds several', () => {
    expectWellFormed(tree);
    const top = childrenOf(tree, -1).map((i) => tree.names[i]);
    expect(top).toEqual(['Motor', 'Pump', 'Wall', SPACES_GROUP, MISSING_PID_CLASS_CATEGORY]);
    const pump = childrenOf(tree, -1)[1]!;
    expect(tree.counts[pump]).toBe(2);
    expect(childrenOf(tree, pump).map((i) => tree.names[i])).toEqual(['Pump 2', 'Pump 10']);
    expect(tree.kinds[pump]).toBe('g');
    expect(tree.localIds[pump]).toBe(-1);
    // no spatial structure here; every object once
    expect(tree.localIds.filter((id) => id > 0).sort((a, b) => a - b)).toEqual([20, 30, 31, 32, 40, 41]);
  });

  it('adds the IFC class level when a category mixes classes', () => {
    const mixed = buildCategoryTree([
      row(1, -1, 'element', 'IfcWall', 'W', { category: MISSING_PID_CLASS_CATEGORY }),
      row(2, -1, 'element', 'IfcBeam', 'B', { category: MISSING_PID_CLASS_CATEGORY }),
    ]);
    expectWellFormed(mixed);
    expect(mixed.names).toEqual([MISSING_PID_CLASS_CATEGORY, 'IfcBeam', 'B', 'IfcWall', 'W']);
    expect(mixed.kinds).toBe('ggege');
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding, refusing gzip only with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
