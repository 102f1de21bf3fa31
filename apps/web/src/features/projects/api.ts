import {
  ProjectListItemSchema,
  ROOT_TREE_ID,
  TreeNodeSchema,
  type ProjectListItem,
  type TreeNode,
} from '@penstock/shared';
import { apiFetch } from '../../app/api.ts';

const treeUrl = (id: string) => `/api/tree?id=${encodeURIComponent(id)}`;

export const treeKey = (id: string) => ['tree', id] as const;

/** The signed-in user's projects (GET /api/tree?id=%23), sorted by name by the server. */
export const fetchProjects = (): Promise<ProjectListItem[]> =>
  apiFetch(treeUrl(ROOT_TREE_ID), {}, ProjectListItemSchema.array());

/** A project's top-level folders, or a folder's sub-folders then files. */
export const fetchTreeChildren = (id: string): Promise<TreeNode[]> =>
  apiFetch(treeUrl(id), {}, TreeNodeSchema.array());
