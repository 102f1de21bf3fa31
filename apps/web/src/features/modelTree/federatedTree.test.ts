import { describe, expect, it } from 'vitest';
import type { ModelTree } from './api.ts';
import { federateTrees, KEY_SPAN, refOfKey, type TreePart } from './federatedTree.ts';
import { initiallyExpanded, labelOf, nodesByLocalId, objectIdsUnder } from './treeWalk.ts';

/** project > storey > pump, valve */
const plant: ModelTree = {
  view: 'spatial',
  localIds: [1, 2, 3, 4],
  parents: [-1, 0, 1, 1],
  sizes: [4, 3, 1, 1],
  counts: [2, 2, 1, 1],
  kinds: 'ssee',
  names: ['Works', 'Ground', 'Pump', 'Valve'],
  tags: ['', '', 'P-101', 'V-7'],
  classes: [0, 1, 2, 3],
  classNames: ['IfcProject', 'IfcBuildingStorey', 'IfcPump', 'IfcValve'],
};
/** project > tank */
const process: ModelTree = {
  view: 'spatial',
  localIds: [1, 9],
  parents: [-1, 0],
  sizes: [2, 1],
  counts: [1, 1],
  kinds: 'se',
  names: ['Process', 'Tank'],
  tags: ['', 'TK-1'],
  classes: [0, 1],
  classNames: ['IfcProject', 'IfcTank'],
};
const part = (versionId: string, tree: ModelTree | null, label = versionId): TreePart => ({
  modelId: `urn:${versionId}`,
  versionId,
  label,
  tree,
});

describe('the model tree of a federated view', () => {
  it('is the model’s own tree when the view has one model', () => {
    expect(federateTrees([part('v.1', plant)])?.tree).toBe(plant);
    expect(federateTrees([part('v.1', null)])).toBeNull();
  });

  it('puts one root per model version over its tree, with keys unique across models', () => {
    const federated = federateTrees([
      part('v.1', plant, 'works.ifc · v1'),
      part('v.2', process, 'process.ifc · v3'),
    ])!;
    const { tree, roots } = federated;
    expect(roots).toEqual([0, 5]);
    expect(tree.localIds).toEqual([-1, 1, 2, 3, 4, -1, KEY_SPAN + 1, KEY_SPAN + 9]);
    expect(tree.parents).toEqual([-1, 0, 1, 2, 2, -1, 5, 6]);
    expect(tree.sizes).toEqual([5, 4, 3, 1, 1, 3, 2, 1]);
    expect(tree.counts.slice(0, 1).concat(tree.counts[5]!)).toEqual([2, 1]);
    expect(tree.kinds).toBe('sssees' + 'se');
    expect(labelOf(tree, 5)).toBe('process.ifc · v3');
    // IfcProject is one class of both
    expect(tree.classNames).toEqual(['IfcProject', 'IfcBuildingStorey', 'IfcPump', 'IfcValve', 'IfcTank']);
    expect(tree.classes[6]).toBe(0);
    expect(tree.classes[7]).toBe(4);
    // a whole model's objects, and an object found by its key
    expect(objectIdsUnder(tree, 5).map((key) => refOfKey(federated.parts, key))).toEqual([
      { part: 1, modelId: 'urn:v.2', versionId: 'v.2', localId: 9 },
    ]);
    expect(nodesByLocalId(tree).get(KEY_SPAN + 9)).toBe(7);
    expect(objectIdsUnder(tree, 0)).toEqual([3, 4]);
    // each model opens down to its storeys
    expect([...initiallyExpanded(tree)].sort()).toEqual([0, 1, 5]);
  });

  it('keeps a loading model’s place, so keys do not change when it arrives', () => {
    const early = federateTrees([part('v.1', null), part('v.2', process)])!;
    expect(early.tree.localIds).toEqual([-1, KEY_SPAN + 1, KEY_SPAN + 9]);
    expect(early.roots).toEqual([0]);
  });
});
