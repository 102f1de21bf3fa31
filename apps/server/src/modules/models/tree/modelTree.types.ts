export { TREE_VIEWS, type ModelTree, type TreeNodeKind, type TreeView } from '@penstock/shared';

/** One row of the object index, with only what the tree needs. */
export interface TreeRow {
  local_id: number;
  parent_local_id: number;
  kind: string;
  ifc_class: string;
  name: string;
  tag: string;
  tag_source: string;
  category: string;
  /** name of the storey the object stands in ('' for none) */
  storey: string;
  /** only for spatial rows (to order storeys as the viewables are ordered: by elevation); '' otherwise */
  guid: string;
}
