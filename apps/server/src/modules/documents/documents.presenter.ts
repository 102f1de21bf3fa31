import { fileExtension, type TreeNode, type Version } from '@penstock/shared';
import type { FoldersTable, ItemsTable } from '../../db/schema.ts';
import { projectHref } from '../projects/index.ts';
import type { ItemWithLatest, VersionRow } from './documents.repo.ts';

export const itemContentHref = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/content`;

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
