import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../app/api.ts';

/** The model tree call (docs/api.md, 'Models'): GET /api/models/<version id>/tree?by=spatial|category. */

export type TreeView = 'spatial' | 'category';

/**
 * A whole tree in columns, nodes in depth-first order: node i's subtree is nodes i .. i + sizes[i] - 1.
 * Entry i of every array describes node i. Built by the server from the object index.
 */
export interface ModelTree {
  view: TreeView;
  /** the object's localId (IFC express id); -1 for a group */
  localIds: number[];
  /** parent node index; -1 at the top */
  parents: number[];
  /** nodes in the subtree, itself included */
  sizes: number[];
  /** objects (elements and spaces) in the subtree, itself included */
  counts: number[];
  /** one letter per node: s spatial structure, r space, e element, g group (category or IFC class) */
  kinds: string;
  names: string[];
  /** the object's own tag when it is not its name ('' otherwise) */
  tags: string[];
  /** index into classNames; -1 for none */
  classes: number[];
  classNames: string[];
}

export const modelTreeKey = (versionId: string, view: TreeView) =>
  ['models', versionId, 'tree', view] as const;

export const fetchModelTree = (versionId: string, view: TreeView): Promise<ModelTree> =>
  apiFetch(`/api/models/${encodeURIComponent(versionId)}/tree?by=${view}`);

/** A converted model's tree does not change: fetched once per view while the tab is open. */
export function useModelTree(versionId: string, view: TreeView) {
  return useQuery({
    queryKey: modelTreeKey(versionId, view),
    queryFn: () => fetchModelTree(versionId, view),
    staleTime: Infinity,
  });
}
