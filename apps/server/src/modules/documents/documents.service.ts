import type { Readable } from 'node:stream';
import mime from 'mime-types';
import {
  canUploadToProject,
  canViewProject,
  treeIdKind,
  type CurrentUser,
  type ProjectListItem,
  type ProjectRole,
  type TreeNode,
  type UploadResult,
  type Version,
} from '@penstock/shared';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { LocalBlobStore } from '../../storage/blobStore.ts';
import type { DocumentsRepo, VersionRow } from './documents.repo.ts';
import {
  presentFolder,
  presentItem,
  presentItemWithLatest,
  presentProjectListItem,
  presentVersion,
  presentVersionNode,
} from './documents.presenter.ts';

/** The ISO 19650 common data environment states, each with discipline subfolders. */
export const ISO_19650_FOLDERS: ReadonlyArray<{ name: string; children: string[] }> = [
  { name: 'WIP', children: ['Civil', 'Mechanical', 'Electrical', 'Process'] },
  { name: 'Shared', children: ['Civil', 'Mechanical', 'Electrical', 'Process'] },
  { name: 'Published', children: ['Drawings', 'Models', 'Schedules'] },
  { name: 'Archived', children: [] },
];

export type VersionAddedListener = (version: { id: string; fileName: string }) => Promise<void> | void;

export class DocumentsService {
  private readonly versionListeners: VersionAddedListener[] = [];

  constructor(
    private readonly repo: DocumentsRepo,
    private readonly blobs: LocalBlobStore,
  ) {}

  /** GET /api/tree: '#' lists the user's projects; a project or folder id lists its children. */
  async tree(user: CurrentUser, id: string): Promise<ProjectListItem[] | TreeNode[]> {
    const kind = treeIdKind(id);
    if (kind === 'root') return (await this.repo.projectsOfUser(user.id)).map(presentProjectListItem);
    if (kind === 'project') {
      await this.requireRole(user, id);
      return (await this.repo.childFolders(id, null)).map(presentFolder);
    }
    if (kind === 'folder') {
      const folder = await this.repo.findFolder(id);
      if (!folder) throw notFound();
      await this.requireRole(user, folder.project_id);
      const [folders, items] = await Promise.all([
        this.repo.childFolders(folder.project_id, folder.id),
        this.repo.itemsInFolder(folder.id),
      ]);
      return [...folders.map(presentFolder), ...items.map(presentItemWithLatest)];
    }
    if (kind === 'item') {
      const item = await this.repo.findItem(id);
      if (!item) throw notFound();
      await this.requireRole(user, item.project_id);
      return (await this.repo.versionsOf(item.id)).map((version) => presentVersionNode(item, version));
    }
    if (kind === 'version') throw badRequest('A version has no children');
    throw badRequest(`Invalid tree id: expected '#', a project id (b.<uuid>) or a folder id (f.<uuid>)`);
  }

  async createFolder(user: CurrentUser, parentId: string, name: string): Promise<TreeNode> {
    const parent = await this.repo.findFolder(parentId);
    if (!parent) throw notFound();
    const role = await this.requireRole(user, parent.project_id);
    if (!canUploadToProject(role)) throw forbidden('Viewers cannot add folders to this project');
    const siblings = await this.repo.childFolders(parent.project_id, parent.id);
    if (siblings.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
      throw badRequest(`A folder named '${name}' already exists here`);
    }
    return presentFolder(await this.repo.createFolder(parent.project_id, parent.id, name));
  }

  /** Checks access before reading a byte: a refused upload stores nothing. */
  async uploadTarget(user: CurrentUser, folderId: string): Promise<{ projectId: string; folderId: string }> {
    const folder = await this.repo.findFolder(folderId);
    if (!folder) throw notFound();
    const role = await this.requireRole(user, folder.project_id);
    if (!canUploadToProject(role)) throw forbidden('Viewers cannot upload files to this project');
    return { projectId: folder.project_id, folderId: folder.id };
  }

  /** Called after every new version is recorded (e.g. to queue an IFC conversion). */
  onVersionAdded(listener: VersionAddedListener): void {
    this.versionListeners.push(listener);
  }

  /** Records a file whose bytes are already in the blob store (upload route, demo seeding). */
  async addFile(
    user: Pick<CurrentUser, 'id'>,
    target: { projectId: string; folderId: string },
    fileName: string,
    blob: { hash: string; size: number },
  ): Promise<UploadResult> {
    const { item, version } = await this.repo.addVersion({
      ...target,
      fileName,
      blobHash: blob.hash,
      size: blob.size,
      contentType: contentTypeFor(fileName),
      userId: user.id,
    });
    // the version is stored whatever a listener does: an IFC left unqueued is queued when first viewed
    for (const listener of this.versionListeners)
      await Promise.resolve(listener({ id: version.id, fileName: version.file_name })).catch(() => {});
    return { item: presentItem(item, version), version: presentVersion(version) };
  }

  async versions(user: CurrentUser, itemId: string): Promise<Version[]> {
    const item = await this.repo.findItem(itemId);
    if (!item) throw notFound();
    await this.requireRole(user, item.project_id);
    return (await this.repo.versionsOf(item.id)).map(presentVersion);
  }

  /** The bytes of an item's latest version, or of one version. */
  async content(user: CurrentUser, id: string): Promise<{ version: VersionRow; stream: Readable }> {
    const kind = treeIdKind(id);
    let version: VersionRow | undefined;
    if (kind === 'item') {
      const item = await this.repo.findItem(id);
      if (!item) throw notFound();
      await this.requireRole(user, item.project_id);
      version = (await this.repo.versionsOf(item.id))[0];
    } else if (kind === 'version') {
      version = await this.repo.findVersion(id);
      const item = version && (await this.repo.findItem(version.item_id));
      if (!item) throw notFound();
      await this.requireRole(user, item.project_id);
    } else {
      throw badRequest('Invalid document id');
    }
    if (!version) throw notFound();
    return { version, stream: this.blobs.createReadStream(version.blob_hash) };
  }

  /** Only members may know a project exists: everyone else gets the same 404 as for a missing id. */
  async requireRole(user: CurrentUser, projectId: string): Promise<ProjectRole> {
    const role = (await this.repo.membershipRole(projectId, user.id)) as ProjectRole | undefined;
    if (!canViewProject(role)) throw notFound();
    return role!;
  }

  stageUpload(source: Readable, limitBytes: number) {
    return this.blobs.stage(source, limitBytes);
  }
}

export function contentTypeFor(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'ifc') return 'application/x-step';
  if (ext === 'frag') return 'application/octet-stream';
  if (ext === 'ifczip') return 'application/zip';
  return mime.lookup(fileName) || 'application/octet-stream';
}
