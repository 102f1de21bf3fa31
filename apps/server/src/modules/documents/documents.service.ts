import type { Readable } from 'node:stream';
import {
  treeIdKind,
  type DeletedItem,
  type CurrentUser,
  type ProjectListItem,
  type TreeNode,
  type Version,
} from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { presentProjectListItem, type ProjectDirectory } from '../projects/index.ts';
import type { DocumentsRepo, VersionRow } from './documents.repo.ts';
import type { DeletedItemsRepo } from './deletedItems.repo.ts';
import type { FolderListingRepo } from './folderListing.repo.ts';
import type { SessionAsker } from '../auth/index.ts';
import { stateOfTrail, type DocumentFiles } from './documentFiles.ts';
import {
  presentFolder,
  presentItem,
  presentItemWithLatest,
  presentVersion,
  presentVersionNode,
} from './documents.presenter.ts';

/** The documents routes' service: the tree, folders, uploads, versions, deleted files and file contents. */
export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepo,
    private readonly projects: ProjectDirectory,
    private readonly files: DocumentFiles,
    private readonly blobs: BlobStore,
    private readonly deleted: DeletedItemsRepo,
    private readonly access: AccessService,
    private readonly listings: FolderListingRepo,
  ) {}

  /**
   * GET /api/tree: '#' lists the user's projects; a project or folder id lists its children. A folder (the
   * most frequent read) is one query with the session in it (SessionAsker); the others read the session first.
   */
  async tree(asker: SessionAsker, id: string): Promise<ProjectListItem[] | TreeNode[]> {
    const kind = treeIdKind(id);
    if (kind === 'folder') return this.folderListing(asker, id);
    const user = await asker.user();
    if (kind === 'root') return (await this.access.memberProjects(user)).map(presentProjectListItem);
    if (kind === 'project') {
      await this.access.requireAccess(user, { project: id }, 'read');
      return (await this.repo.childFolders(id, null)).map(presentFolder);
    }
    if (kind === 'item') {
      const item = await this.repo.findItem(id);
      if (!item) throw notFound();
      await this.access.requireAccess(user, { project: item.project_id }, 'read');
      const state = stateOfTrail(await this.repo.folderTrail(item.folder_id));
      return (await this.repo.versionsOf(item.id)).map((version) => presentVersionNode(item, version, state));
    }
    if (kind === 'version') throw badRequest('A version has no children');
    throw badRequest(`Invalid tree id: expected '#', a project id (b.<uuid>) or a folder id (f.<uuid>)`);
  }

  /**
   * A folder's children in one round trip (issue 38): the session, the folder's trail (its ISO 19650 state), the
   * user's role in its project, its folders and items come in one query; the session is then checked as every
   * request's is (401), and access through the one rule with the role read (404 for a non-member), before
   * anything read is answered.
   */
  private async folderListing(asker: SessionAsker, id: string): Promise<TreeNode[]> {
    const listing = await this.listings.folderListing(id, asker.sessionId);
    const user = await asker.settle(listing.session);
    const folder = listing.trail[listing.trail.length - 1];
    if (!folder) throw notFound();
    await this.access.requireAccess(
      user,
      { project: folder.project_id, memberRole: listing.memberRole },
      'read',
    );
    const state = stateOfTrail(listing.trail);
    return [
      ...listing.folders.map(presentFolder),
      ...listing.items.map((item) => presentItemWithLatest(item, state)),
    ];
  }

  async createFolder(user: CurrentUser, parentId: string, nameOf: AfterAccess<string>): Promise<TreeNode> {
    const parent = await this.repo.findFolder(parentId);
    if (!parent) throw notFound();
    await this.access.requireAccess(user, { project: parent.project_id }, 'addFolder');
    const name = nameOf();
    const siblings = await this.repo.childFolders(parent.project_id, parent.id);
    if (siblings.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
      throw badRequest(`A folder named '${name}' already exists here`);
    }
    try {
      return presentFolder(await this.repo.createFolder(parent.project_id, parent.id, name));
    } catch (error) {
      // another request made the same folder between the check and the insert (the unique index refuses it)
      if (isUniqueViolation(error)) throw badRequest(`A folder named '${name}' already exists here`);
      throw error;
    }
  }

  /** Checks access before reading a byte: a refused upload stores nothing. */
  async uploadTarget(user: CurrentUser, folderId: string): Promise<{ projectId: string; folderId: string }> {
    const folder = await this.repo.findFolder(folderId);
    if (!folder) throw notFound();
    const role = await this.access.requireAccess(user, { project: folder.project_id }, 'upload');
    await this.files.control.requireChangeIn(role, 'upload', [folder.id]);
    return { projectId: folder.project_id, folderId: folder.id };
  }

  /** An item's versions, newest first, each with the version it was made from (the golden thread). */
  async versions(user: CurrentUser, itemId: string): Promise<Version[]> {
    const item = await this.repo.findItem(itemId);
    if (!item) throw notFound();
    await this.access.requireAccess(user, { project: item.project_id }, 'read');
    const versions = await this.repo.versionsOf(item.id);
    const sources = await this.repo.findVersions(
      versions.map((version) => version.derived_from).filter((id): id is string => !!id),
    );
    const paths = new Map<string, string>();
    for (const source of sources)
      if (!paths.has(source.folder_id))
        paths.set(
          source.folder_id,
          (await this.repo.folderTrail(source.folder_id)).map((f) => f.name).join('/'),
        );
    return versions.map((version) => {
      const source = sources.find((candidate) => candidate.id === version.derived_from);
      return presentVersion(
        version,
        source && {
          versionId: source.id,
          fileName: source.file_name,
          folderPath: paths.get(source.folder_id) ?? '',
          revision: source.revision,
        },
      );
    });
  }

  /** The project's deleted items, for its managers to restore. */
  async deletedItems(user: CurrentUser, projectId: string): Promise<DeletedItem[]> {
    await this.access.requireAccess(user, { project: projectId }, 'listDeleted');
    const rows = await this.deleted.deletedItems(projectId);
    const paths = new Map<string, string>();
    for (const row of rows)
      if (!paths.has(row.folder_id))
        paths.set(row.folder_id, (await this.repo.folderTrail(row.folder_id)).map((f) => f.name).join('/'));
    return rows.map((row) => ({
      itemId: row.id,
      name: row.name,
      folderId: row.folder_id,
      folderPath: paths.get(row.folder_id) ?? '',
      deletedAt: row.deleted_at ?? '',
      deletedBy: row.deleted_by_name ?? row.deleted_by ?? '',
    }));
  }

  async restoreItem(user: CurrentUser, itemId: string): Promise<TreeNode> {
    const item = await this.repo.findItemAny(itemId);
    if (!item) throw notFound();
    await this.access.requireAccess(user, { project: item.project_id }, 'restoreDeleted');
    if (!item.deleted_at) throw conflict('This file is not deleted');
    if (!(await this.deleted.restoreItem(item.id)))
      throw conflict(`A file named '${item.name}' is already in that folder: move or delete it first`);
    const [latest] = await this.repo.versionsOf(item.id);
    const state = stateOfTrail(await this.repo.folderTrail(item.folder_id));
    return presentItem({ ...item, deleted_at: null, deleted_by: null }, latest!, state);
  }

  /** The bytes of an item's latest version, or of one version. */
  async content(user: CurrentUser, id: string): Promise<{ version: VersionRow; stream: Readable }> {
    const kind = treeIdKind(id);
    let version: VersionRow | undefined;
    if (kind === 'item') {
      const item = await this.repo.findItem(id);
      if (!item) throw notFound();
      await this.access.requireAccess(user, { project: item.project_id }, 'read');
      version = (await this.repo.versionsOf(item.id))[0];
    } else if (kind === 'version') {
      version = await this.repo.findVersion(id);
      const item = version && (await this.repo.findItem(version.item_id));
      if (!item) throw notFound();
      await this.access.requireAccess(user, { project: item.project_id }, 'read');
    } else {
      throw badRequest('Invalid document id');
    }
    if (!version) throw notFound();
    return { version, stream: this.blobs.createReadStream(version.blob_hash) };
  }
}
