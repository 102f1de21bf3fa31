import type { Readable } from 'node:stream';
import mime from 'mime-types';
import {
  cdeStateOfTopFolder,
  directSuitability,
  nextRevision,
  suitabilitiesFor,
  type CdeState,
  type CurrentUser,
  type UploadResult,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { FoldersTable } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { DocumentsRepo, VersionRow } from './documents.repo.ts';
import type { DeletedItemsRepo } from './deletedItems.repo.ts';
import type { DocumentControlService, ItemMovedListener } from './documentControl.service.ts';
import { presentItem, presentVersion } from './documents.presenter.ts';
import type { NamingCheck } from '../infoStandard/index.ts';

/** The ISO 19650 common data environment states, each with discipline subfolders. */
export const ISO_19650_FOLDERS: ReadonlyArray<{ name: string; children: string[] }> = [
  { name: 'WIP', children: ['Civil', 'Mechanical', 'Electrical', 'Process'] },
  { name: 'Shared', children: ['Civil', 'Mechanical', 'Electrical', 'Process'] },
  { name: 'Published', children: ['Drawings', 'Models', 'Schedules'] },
  { name: 'Archived', children: [] },
];

/** Where a new version comes from: the version it was made from, and a workflow's target suitability. */
export interface FileOrigin {
  from?: Pick<VersionRow, 'id' | 'revision' | 'suitability'>;
  suitability?: string;
  /** check the name against the project's naming standard (a user's upload, copy or move) */
  checkName?: boolean;
  /**
   * Runs the write in the caller's transaction, where the caller records something with the version (a
   * resumable upload marks itself stored): `write` records the file through the repository it is given;
   * `nameWarning` is the naming standard's warning, if any.
   */
  within?: (
    write: (repo: DocumentsRepo) => Promise<RecordedFile>,
    nameWarning: string | null,
  ) => Promise<RecordedFile>;
}

export type RecordedFile = Awaited<ReturnType<DocumentsRepo['addVersion']>>;

export type VersionAddedListener = (version: { id: string; fileName: string }) => Promise<void> | void;

/**
 * The files API other modules use (workflow, DSEAR, project data, reports, models, the demo seed): store a
 * file with its ISO 19650 codes, find or make a folder path, read a folder's trail, delete a file.
 */
export class DocumentFiles {
  private readonly versionListeners: VersionAddedListener[] = [];

  constructor(
    private readonly repo: DocumentsRepo,
    private readonly blobs: BlobStore,
    private readonly deleted: DeletedItemsRepo,
    private readonly access: AccessService,
    /** holds, the record's rule and moves (the Workflow panel's file operations use it too) */
    readonly control: DocumentControlService,
    private readonly naming: NamingCheck,
  ) {}

  /** Called after every new version is recorded (e.g. to queue an IFC conversion). */
  onVersionAdded(listener: VersionAddedListener): void {
    this.versionListeners.push(listener);
  }

  /** Called after every move of an item to another folder (documentControl.service.ts). */
  onItemMoved(listener: ItemMovedListener): void {
    this.control.onItemMoved(listener);
  }

  /**
   * Records a file whose bytes are already in the blob store (upload route, workflow, demo seeding), with
   * its ISO 19650 revision from the target folder's state and the item's history. `from` is the version it
   * was made from (a workflow's publication or a move), whose revision the new code follows; `suitability`
   * is a workflow's target suitability, else the source's where the target state allows it, else the
   * state's direct-upload code.
   */
  async addFile(
    user: Pick<CurrentUser, 'id'>,
    target: { projectId: string; folderId: string },
    fileName: string,
    blob: { hash: string; size: number },
    options: FileOrigin = {},
  ): Promise<UploadResult> {
    const { state, nameWarning } = await this.checkNewFile(target, fileName, options);
    const write = (repo: DocumentsRepo) =>
      this.recordFile(repo, state, user, target, fileName, blob, options);
    const { item, version } = await (options.within ? options.within(write, nameWarning) : write(this.repo));
    await this.versionAdded(version);
    return {
      item: presentItem(item, version, state),
      version: presentVersion(version),
      ...(nameWarning ? { nameWarning } : {}),
    };
  }

  /**
   * What addFile checks before it records anything, also asked before a resumable upload's first byte: a
   * document under review keeps the version its reviewers are looking at (409), and with `checkName` the name
   * is refused (422) into Shared or Published or warned about elsewhere. The folder's state, and the warning.
   */
  async checkNewFile(
    target: { projectId: string; folderId: string },
    fileName: string,
    options: Pick<FileOrigin, 'checkName'> = {},
  ): Promise<{ state: CdeState | null; nameWarning: string | null }> {
    await this.control.requireNewVersionAllowed(target.folderId, fileName);
    const state = stateOfTrail(await this.folderTrail(target.folderId));
    const nameWarning = options.checkName ? await this.naming.check(target.projectId, state, fileName) : null;
    return { state, nameWarning };
  }

  /**
   * The write of addFile through `repo`, which may be bound to the caller's transaction (a workflow's
   * approval publishes in the same transaction as the decision). `state` is the target folder's, read
   * before the transaction. The caller runs versionAdded after its commit.
   */
  recordFile(
    repo: DocumentsRepo,
    state: CdeState | null,
    user: Pick<CurrentUser, 'id'>,
    target: { projectId: string; folderId: string },
    fileName: string,
    blob: { hash: string; size: number },
    { from, suitability: wanted }: FileOrigin,
  ) {
    const allowed = suitabilitiesFor(state).map((entry) => entry.code);
    const suitability =
      wanted ?? (from && allowed.includes(from.suitability) ? from.suitability : directSuitability(state));
    return repo.addVersion({
      ...target,
      fileName,
      blobHash: blob.hash,
      size: blob.size,
      contentType: contentTypeFor(fileName),
      userId: user.id,
      derivedFrom: from?.id ?? null,
      codes: ({ own, derived }) => ({
        revision: nextRevision(state, own, from?.revision, derived),
        suitability,
      }),
    });
  }

  /**
   * Why the project's naming standard refuses `fileName` into a folder of `state` (Shared or Published,
   * unless relaxed), or null: a workflow checks the name it publishes under.
   */
  nameRefusal(projectId: string, state: CdeState | null, fileName: string): Promise<string | null> {
    return this.naming.refusal(projectId, state, fileName);
  }

  /** Tells the listeners (the IFC conversion queue) about a stored version. */
  async versionAdded(version: Pick<VersionRow, 'id' | 'file_name'>): Promise<void> {
    // the version is stored whatever a listener does: an IFC left unqueued is queued when first viewed
    for (const listener of this.versionListeners)
      await Promise.resolve(listener({ id: version.id, fileName: version.file_name })).catch(() => {});
  }

  /**
   * The version a workflow call names: a version id (or an item id: its latest version) of a live item of
   * the project; itemId, when given, must be its item.
   */
  async documentVersion(projectId: string, documentId: string, itemId?: string): Promise<VersionRow> {
    const version = documentId.startsWith('i.')
      ? (await this.repo.versionsOf(documentId))[0]
      : await this.repo.findVersion(documentId);
    const item = version && (await this.repo.findItem(version.item_id));
    if (!version || !item || item.project_id !== projectId)
      throw badRequest('The document is not a file of this project');
    if (itemId && itemId !== item.id) throw badRequest('documentId and itemId name different files');
    return version;
  }

  /**
   * The folder at a path such as ['Published', 'Schedules'] (names matched without regard to case), each
   * missing one created: where Penstock stores what it makes (schedules, reports, form uploads).
   */
  async ensureFolderPath(projectId: string, names: readonly string[]): Promise<string> {
    let parent: string | null = null;
    const find = async (parentId: string | null, name: string) =>
      (await this.repo.childFolders(projectId, parentId)).find(
        (folder: FoldersTable) => folder.name.toLowerCase() === name.toLowerCase(),
      );
    for (const name of names) {
      let folder = await find(parent, name);
      if (!folder) {
        try {
          folder = await this.repo.createFolder(projectId, parent, name);
        } catch (error) {
          // two writers at once (two schedule submissions): the unique index keeps one folder; use it
          if (!isUniqueViolation(error)) throw error;
          folder = await find(parent, name);
          if (!folder) throw error;
        }
      }
      parent = folder.id;
    }
    if (!parent) throw badRequest('A folder path needs at least one name');
    return parent;
  }

  /**
   * The revision and suitability a new file of this name in this folder would get (a report prints them on
   * its title block before it is stored; addFile gives the same codes unless another version lands first).
   */
  async nextCodesFor(folderId: string, fileName: string): Promise<{ revision: string; suitability: string }> {
    const state = stateOfTrail(await this.folderTrail(folderId));
    const item = (await this.repo.itemsInFolder(folderId)).find((candidate) => candidate.name === fileName);
    const own = item
      ? (await this.repo.versionsOf(item.id)).map((version) => version.revision).reverse()
      : [];
    return { revision: nextRevision(state, own.filter(Boolean)), suitability: directSuitability(state) };
  }

  /** The folder and its ancestors, top-level folder first (one query). */
  folderTrail(folderId: string): Promise<FoldersTable[]> {
    return this.repo.folderTrail(folderId);
  }

  /**
   * Soft delete (the workflow's Delete): members and managers, only managers in Published and Archived;
   * refused while a workflow holds the document.
   */
  async deleteItem(user: CurrentUser, projectId: string, itemId: string): Promise<void> {
    const role = await this.access.requireAccess(user, { project: projectId }, 'deleteFiles');
    const item = await this.repo.findItem(itemId);
    if (!item || item.project_id !== projectId) throw notFound('No such file in this project');
    await this.control.requireChangeIn(role, 'deleteFiles', [item.folder_id]);
    await this.control.requireNotHeld(item, 'delete');
    if (!(await this.deleted.softDeleteItem(item.id, user.id)))
      throw notFound('No such file in this project');
  }

  stageUpload(source: Readable, limitBytes: number) {
    return this.blobs.stage(source, limitBytes);
  }
}

/** The ISO 19650 state of a folder from the name of its top folder. */
export const stateOfTrail = (trail: readonly FoldersTable[]): CdeState | null =>
  cdeStateOfTopFolder(trail[0]?.name);

export function contentTypeFor(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'ifc') return 'application/x-step';
  if (ext === 'frag') return 'application/octet-stream';
  if (ext === 'ifczip') return 'application/zip';
  return mime.lookup(fileName) || 'application/octet-stream';
}
