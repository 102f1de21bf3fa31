import {
  cdeStateOfTopFolder,
  treeIdKind,
  type CurrentUser,
  type StructureNode,
  type UploadResult,
  type WorkflowStructure,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { FoldersTable } from '../../db/schema.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';

/**
 * The Workflow panel's folder operations (forms spec §3, §7): the folder structure, upload into a folder,
 * move (the item itself, keeping its history: documents/documentControl.service.ts), copy (the spec's
 * uploadCopy) and delete (soft: a project manager can restore it). Members and managers only, and only
 * managers by hand in Published and Archived; a document under review is held (409).
 */
export class WorkflowFilesService {
  constructor(
    private readonly documentsRepo: DocumentsRepo,
    private readonly projects: ProjectDirectory,
    private readonly documents: DocumentFiles,
    private readonly access: AccessService,
  ) {}

  /** GET and PUT /api/workflow/structure: folders and live files of the project, built fresh. */
  async structure(user: CurrentUser, projectId: string): Promise<WorkflowStructure> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const [project, folders, items, holds] = await Promise.all([
      this.projects.findProject(projectId),
      this.documentsRepo.projectFolders(projectId),
      this.documentsRepo.liveItemsOfProject(projectId),
      this.documents.control.holdsInProject(projectId),
    ]);
    const children = new Map<string | null, FoldersTable[]>();
    for (const folder of folders)
      children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder]);
    const filesIn = new Map<string, typeof items>();
    for (const item of items) filesIn.set(item.folder_id, [...(filesIn.get(item.folder_id) ?? []), item]);
    const build = (folder: FoldersTable, state: string | null, depth: number): StructureNode => ({
      Id: folder.id,
      Name: folder.name,
      Type: 'folder',
      NestedObjects: [
        ...(depth < 50 ? (children.get(folder.id) ?? []) : []).map((child) => build(child, state, depth + 1)),
        ...(filesIn.get(folder.id) ?? []).map((item) => ({
          Id: item.id,
          Name: item.name,
          Type: 'file',
          NestedObjects: [],
          VersionId: item.latest.id,
          VersionNumber: item.latest.number,
          State: state,
          Revision: item.latest.revision,
          Suitability: item.latest.suitability,
          Hold: holds.get(item.id) ?? null,
        })),
      ],
    });
    return {
      Id: projectId,
      Name: project?.name ?? '',
      Type: 'project',
      NestedObjects: (children.get(null) ?? []).map((top) => build(top, cdeStateOfTopFolder(top.name), 0)),
      lastUpdated: new Date().toISOString(),
    };
  }

  /** Checks the target of an upload before any byte is stored. */
  async uploadTarget(user: CurrentUser, projectId: string, folderId: string) {
    const target = await this.targetFolder(user, projectId, folderId, 'upload');
    return { projectId, folderId: target.id };
  }

  /** POST /api/workflow/move: the item moves, with every version and everything attached to it. */
  move(
    user: CurrentUser,
    input: { projectId: string; documentId: string; itemId: string; uploadFolderId: string },
  ): Promise<UploadResult> {
    return this.documents.control.move(user, input);
  }

  /**
   * POST /api/workflow/uploadCopy: the document's version copied into the target folder, linked to it (the
   * spec's first step of a move; the panel now moves with POST /api/workflow/move, which keeps history).
   */
  async copy(
    user: CurrentUser,
    input: { projectId: string; documentId: string; itemId: string; uploadFolderId: string },
  ): Promise<UploadResult> {
    const target = await this.targetFolder(user, input.projectId, input.uploadFolderId, 'moveFiles');
    const version = await this.documents.documentVersion(input.projectId, input.documentId, input.itemId);
    const item = (await this.documentsRepo.findItem(version.item_id))!;
    if (item.folder_id === target.id) throw badRequest('The file is already in that folder');
    return this.documents.addFile(
      user,
      { projectId: input.projectId, folderId: target.id },
      item.name,
      { hash: version.blob_hash, size: version.size },
      { from: version, checkName: true },
    );
  }

  /** POST /api/workflow/delete: urnId is the item or one of its versions. */
  async delete(user: CurrentUser, input: { projectId: string; urnId: string }): Promise<{ deleted: string }> {
    const kind = treeIdKind(input.urnId);
    let itemId = input.urnId;
    if (kind === 'version') {
      const version = await this.documentsRepo.findVersion(input.urnId);
      if (!version) throw notFound('No such file in this project');
      itemId = version.item_id;
    } else if (kind !== 'item') throw badRequest('urnId must be a file (i.<uuid>) or version (v.<uuid>) id');
    await this.documents.deleteItem(user, input.projectId, itemId);
    return { deleted: itemId };
  }

  private async targetFolder(
    user: CurrentUser,
    projectId: string,
    folderId: string,
    action: 'upload' | 'moveFiles',
  ) {
    const role = await this.access.requireAccess(user, { project: projectId }, action);
    const folder = await this.documentsRepo.findFolder(folderId);
    if (!folder || folder.project_id !== projectId)
      throw badRequest('The target folder is not a folder of this project');
    // a copy into Published or Archived adds to the record as an upload would
    await this.documents.control.requireChangeIn(role, action, [folder.id]);
    return folder;
  }
}
