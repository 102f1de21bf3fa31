/** The model tree call (docs/api.md, 'Models'): GET /api/models/<version id>/tree?by=spatial|category. */
/** The two ways the model tree is arranged: the IFC spatial structure, or catalogue category › IFC class. */
export const TREE_VIEWS = ['spatial', 'category'] as const;
export type TreeView = (typeof TREE_VIEWS)[number];

/**
 * What a tree node is, one letter per node in `ModelTree.kinds`: `s` spatial structure (project, site,
 * building, storey, facility), `r` a space (room), `e` an element, `g` a group (a category or an IFC class
 * of the category view; no object of its own).
 */
export type TreeNodeKind = 's' | 'r' | 'e' | 'g';

/**
 * GET /api/models/<version id>/tree: the whole tree of one view in columns, nodes in depth-first order, so
 * node i's subtree is the contiguous run of nodes i .. i + sizes[i] - 1 and the client never rebuilds it:
 * expanding, collapsing, searching and collecting a branch's objects are walks over index ranges.
 * Entry i of every array describes node i.
 */
export interface ModelTree {
  view: TreeView;
  /** the IFC express id (the viewer's localId) of the node's object; -1 for a group */
  localIds: number[];
  /** index of the parent node; -1 for a top-level node */
  parents: number[];
  /** how many nodes the node's subtree holds, itself included */
  sizes: number[];
  /** how many objects (elements and spaces) the node's subtree holds, itself included */
  counts: number[];
  /** one TreeNodeKind letter per node */
  kinds: string;
  /** the IFC Name; a group's category or class name; '' for none */
  names: string[];
  /** the object's own tag when it is not its name ('' otherwise; a tag only inherited from a parent is left out) */
  tags: string[];
  /** index into classNames of the node's IFC class; -1 for none */
  classes: number[];
  /** the distinct IFC classes ('IfcValve'), each sent once */
  classNames: string[];
}
