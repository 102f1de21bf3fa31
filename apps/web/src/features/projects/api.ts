import {
  ROOT_TREE_ID,
  type ProjectListItem,
  type ProjectUser,
  type ProjectUsersAnswer,
  type TreeNode,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

const treeUrl = (id: string) => `/api/tree?id=${encodeURIComponent(id)}`;

export const treeKey = (id: string) => ['tree', id] as const;

// The tree's answers are Penstock's own, typed by the shared contract (its schemas check them in the server's
// tests): the shell parses them with no schema library (issue 15: first load).

/** The signed-in user's projects (GET /api/tree?id=%23), sorted by name by the server. */
export const fetchProjects = (): Promise<ProjectListItem[]> =>
  apiFetch<ProjectListItem[]>(treeUrl(ROOT_TREE_ID));

/** A project's top-level folders, or a folder's sub-folders then files. */
export const fetchTreeChildren = (id: string): Promise<TreeNode[]> => apiFetch<TreeNode[]>(treeUrl(id));

export const projectUsersKey = (projectId: string) => ['projectUsers', projectId] as const;

/** A project's users (docs/api.md 'Issues, project users, markups and BCF'). */
export const fetchProjectUsers = async (projectId: string): Promise<ProjectUser[]> =>
  (await apiFetch<ProjectUsersAnswer>(`/api/forge/bim360/Users?projectid=${encodeURIComponent(projectId)}`))
    .data.results;
