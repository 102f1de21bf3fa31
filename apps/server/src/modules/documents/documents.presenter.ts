import {
  fileExtension,
  PROJECT_ROLES,
  type ProjectRole,
  type AdminProject,
  type ProjectListItem,
  type ProjectMember,
  type TreeNode,
  type Version,
} from '@penstock/shared';
import type { FoldersTable, ItemsTable, ProjectsTable } from '../../db/schema.ts';
import type { ItemWithLatest, MemberRow, ProjectOfUser, VersionRow } from './documents.repo.ts';

/** The project's own page in Penstock: its issue log (the spec's external tracker). */
export const projectHref = (projectId: string) => `/projectLog?projectId=${encodeURIComponent(projectId)}`;
export const itemContentHref = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/content`;

const isProjectRole = (role: string): role is ProjectRole =>
  (PROJECT_ROLES as readonly string[]).includes(role);

/** A project of the '#' tree listing, with the signed-in user's role in it when known. */
export const presentProjectListItem = (project: ProjectsTable | ProjectOfUser): ProjectListItem => ({
  id: project.id,
  projectid: project.id,
  text: project.name,
  type: 'project',
  hrefbim360: projectHref(project.id),
  ...('member_role' in project && isProjectRole(project.member_role) ? { role: project.member_role } : {}),
});

export const presentFolder = (folder: FoldersTable): TreeNode => ({
  id: folder.id,
  text: folder.name,
  type: 'folder',
  children: true,
  hrefbim360: projectHref(folder.project_id),
});

export const presentItem = (item: ItemsTable, latest: VersionRow, state?: string | null): TreeNode => ({
  id: item.id,
  text: item.name,
  type: 'item',
  children: false,
  fileName: item.name,
  fileType: fileExtension(item.name),
  hrefbim360: itemContentHref(item.id),
  versionId: latest.id,
  versionNumber: latest.number,
  size: latest.size,
  updatedAt: item.updated_at,
  ...codes(latest, state),
});

const codes = (version: VersionRow, state: string | null | undefined) => ({
  ...(state !== undefined ? { state } : {}),
  ...(version.revision ? { revision: version.revision } : {}),
  ...(version.suitability ? { suitability: version.suitability } : {}),
});

export const presentItemWithLatest = (item: ItemWithLatest, state?: string | null): TreeNode =>
  presentItem(item, item.latest, state);

export const presentVersion = (version: VersionRow, derivedFrom?: Version['derivedFrom']): Version => ({
  id: version.id,
  itemId: version.item_id,
  number: version.number,
  fileName: version.file_name,
  size: version.size,
  contentType: version.content_type,
  sha256: version.blob_hash,
  createdAt: version.created_at,
  createdBy: version.created_by,
  ...codes(version, undefined),
  derivedFrom: derivedFrom ?? null,
});

const presentMember = (row: MemberRow): ProjectMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  role: row.role as ProjectMember['role'],
});

export const presentAdminProject = (project: ProjectsTable, members: MemberRow[]): AdminProject => ({
  id: project.id,
  name: project.name,
  createdAt: project.created_at,
  members: members.filter((m) => m.project_id === project.id).map(presentMember),
});

export const presentVersionNode = (
  item: ItemsTable,
  version: VersionRow,
  state?: string | null,
): TreeNode => ({
  id: version.id,
  text: `V${version.number} ${version.file_name}`,
  type: 'version',
  children: false,
  fileName: version.file_name,
  fileType: fileExtension(version.file_name),
  hrefbim360: `/api/versions/${encodeURIComponent(version.id)}/content`,
  versionId: version.id,
  versionNumber: version.number,
  size: version.size,
  updatedAt: version.created_at,
  ...codes(version, state),
});
