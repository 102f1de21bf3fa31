import crypto from 'node:crypto';
import {
  isIdsFileName,
  isModelFile,
  type CurrentUser,
  type IdsDocumentEntry,
  type IdsLibraryCopy,
  type IdsLibraryCopyResult,
  type IdsLibraryEntry,
  type IdsOverview,
  type IdsRecheckResult,
  type IdsScopesInput,
  type IdsSettings,
  type IdsSettingsInput,
  type IdsValidation,
  type IdsValidationResult,
  type IdsValidateInput,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { FileVersion, IdsRepo, ScopeRow } from './ids.repo.ts';
import { presentScope, presentSettings, presentValidation } from './ids.presenter.ts';
import type { IdsLibrary } from './idsLibrary.ts';
import { folderPath, type IdsPlanner, type IdsValidations, type ScopeContext } from './idsPlanning.ts';
import { readIdsText } from './idsReading.ts';

const now = () => new Date().toISOString();

/**
 * IDS files in a project (issue 36 §1): their readings, where they apply (scopes), the project's gate and
 * dynamic-values setting, the shipped IDS files, and checks asked for again. Members read; managers change
 * scopes and settings; contributors copy a shipped file and ask for checks again.
 */
export class IdsService {
  constructor(
    private readonly repo: IdsRepo,
    private readonly validations: IdsValidations,
    private readonly planner: IdsPlanner,
    private readonly library: IdsLibrary,
    private readonly files: DocumentFiles,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
  ) {}

  async overview(user: CurrentUser, projectId: string): Promise<IdsOverview> {
    const role = await this.access.requireAccess(user, { project: projectId }, 'read');
    const ctx = await this.planner.context(projectId);
    const byItem = new Map<string, FileVersion[]>();
    for (const version of await this.repo.idsFileVersions(projectId))
      byItem.set(version.item_id, [...(byItem.get(version.item_id) ?? []), version]);
    const documents: IdsDocumentEntry[] = [];
    for (const versions of byItem.values()) documents.push(await this.entry(versions, ctx));
    return {
      settings: presentSettings(await this.repo.settings(projectId)),
      documents,
      mayManage: this.access.allowsInProject({ member_role: role }, 'manageIds'),
    };
  }

  async saveSettings(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<IdsSettingsInput>,
  ): Promise<IdsSettings> {
    await this.access.requireAccess(user, { project: projectId }, 'manageIds');
    const body = bodyOf();
    const before = await this.repo.settings(projectId);
    await this.repo.saveSettings({
      project_id: projectId,
      gate: body.gate,
      include_dynamic: body.includeDynamic ? 1 : 0,
      updated_at: now(),
      updated_by: user.name,
    });
    // the models whose checks follow the project's option are checked again with the new one
    if (!!before?.include_dynamic !== body.includeDynamic) await this.planner.queueProject(projectId);
    return presentSettings(await this.repo.settings(projectId));
  }

  /** Replaces an IDS file's scopes (one transaction), then queues the checks of the models now in scope. */
  async saveScopes(
    user: CurrentUser,
    projectId: string,
    itemId: string,
    bodyOf: AfterAccess<IdsScopesInput>,
  ): Promise<IdsDocumentEntry> {
    await this.access.requireAccess(user, { project: projectId }, 'manageIds');
    const item = await this.repo.findItem(itemId);
    if (!item || item.project_id !== projectId) throw notFound('No such file in this project');
    if (!isIdsFileName(item.name)) throw badRequest(`${item.name} is not an IDS file (.ids)`);
    const body = bodyOf();
    const ctx = await this.planner.context(projectId);
    const folderIds = new Set(ctx.folders.map((f) => f.id));
    const at = now();
    const rows: ScopeRow[] = [];
    const seen = new Set<string>();
    for (const scope of body.scopes) {
      if (seen.has(scope.targetId)) continue;
      seen.add(scope.targetId);
      if (scope.kind === 'folder' && !folderIds.has(scope.targetId))
        throw badRequest(`targetId ${scope.targetId} is not a folder of this project`);
      if (scope.kind === 'model') {
        const model = await this.repo.findItem(scope.targetId);
        if (!model || model.project_id !== projectId)
          throw badRequest(`targetId ${scope.targetId} is not a file of this project`);
        if (!isModelFile(model.name)) throw badRequest(`${model.name} is not an IFC model (.ifc or .ifczip)`);
      }
      rows.push({
        id: `is.${crypto.randomUUID()}`,
        project_id: projectId,
        ids_item_id: item.id,
        kind: scope.kind,
        target_id: scope.targetId,
        include_dynamic:
          scope.includeDynamic === null || scope.includeDynamic === undefined
            ? null
            : scope.includeDynamic
              ? 1
              : 0,
        created_by: user.name,
        created_at: at,
      });
    }
    await this.repo.transaction((unit) => unit.replaceScopes(item.id, rows));
    await this.planner.queueProject(projectId, item.id);
    return this.entry(await this.repo.versionsOfItem(item.id), await this.planner.context(projectId));
  }

  /** The reading of one version of an IDS file. */
  async validation(user: CurrentUser, projectId: string, versionId: string): Promise<IdsValidation> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const version = await this.repo.fileVersion(versionId);
    if (!version || version.project_id !== projectId) throw notFound('No such version in this project');
    if (!isIdsFileName(version.file_name)) throw badRequest(`${version.file_name} is not an IDS file (.ids)`);
    return presentValidation(await this.validations.of(version));
  }

  /** An IDS text read and judged as an upload would be, nothing stored (the editor's check). */
  async validate(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<IdsValidateInput>,
  ): Promise<IdsValidationResult> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const { document: _document, ...reading } = await readIdsText(bodyOf().xml);
    return reading;
  }

  async libraryEntries(user: CurrentUser, projectId: string): Promise<IdsLibraryEntry[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.library.entries();
  }

  /** A shipped IDS file stored in a folder of the project, as an upload of it would be. */
  async copyFromLibrary(
    user: CurrentUser,
    projectId: string,
    key: string,
    bodyOf: AfterAccess<IdsLibraryCopy>,
  ): Promise<IdsLibraryCopyResult> {
    const role = await this.access.requireAccess(user, { project: projectId }, 'upload');
    const shipped = await this.library.file(key);
    if (!shipped) throw notFound(`No shipped IDS file '${key}'`);
    const { folderId } = bodyOf();
    const folder = (await this.repo.folders(projectId)).find((f) => f.id === folderId);
    if (!folder) throw badRequest(`folderId ${folderId} is not a folder of this project`);
    await this.files.control.requireChangeIn(role, 'upload', [folderId]);
    const blob = await this.blobs.putBuffer(shipped.bytes);
    const stored = await this.files.addFile(user, { projectId, folderId }, shipped.fileName, blob, {
      checkName: true,
    });
    const version = await this.repo.fileVersion(stored.version.id);
    if (!version) throw notFound('No such version in this project');
    return {
      itemId: version.item_id,
      versionId: version.version_id,
      fileName: version.file_name,
      validation: presentValidation(await this.validations.of(version)),
    };
  }

  /** A model version's checks made again (after dynamic values were entered, say). */
  async recheck(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<{ versionId: string }>,
  ): Promise<IdsRecheckResult> {
    await this.access.requireAccess(user, { project: projectId }, 'recheckIds');
    const { versionId } = bodyOf();
    const model = await this.repo.fileVersion(versionId);
    if (!model || model.project_id !== projectId) throw notFound('No such version in this project');
    if (!isModelFile(model.file_name)) throw badRequest(`${model.file_name} is not an IFC model`);
    const state = (await this.repo.conversionStates([versionId])).get(versionId);
    if (state !== 'done' && state !== 'failed')
      throw badRequest(`${model.file_name} is still converting: it is checked when its conversion ends`);
    return { queued: await this.planner.queueModelVersion(versionId, true) };
  }

  /** An IDS file (its versions, newest first) as the overview lists it. */
  private async entry(versions: FileVersion[], ctx: ScopeContext): Promise<IdsDocumentEntry> {
    const latest = versions[0]!;
    const validation = await this.validations.of(latest);
    let validVersionId: string | null = null;
    for (const version of versions)
      if ((await this.validations.of(version)).status === 'valid') {
        validVersionId = version.version_id;
        break;
      }
    const scopes = ctx.scopes.filter((s) => s.ids_item_id === latest.item_id);
    const models = new Map(
      (await this.repo.latestVersions(scopes.filter((s) => s.kind === 'model').map((s) => s.target_id))).map(
        (m) => [m.item_id, `${folderPath(ctx.folders, m.folder_id)}/${m.item_name}`],
      ),
    );
    return {
      itemId: latest.item_id,
      fileName: latest.item_name,
      folderId: latest.folder_id,
      folderPath: folderPath(ctx.folders, latest.folder_id),
      versionId: latest.version_id,
      versionNumber: latest.number,
      validation: presentValidation(validation),
      validVersionId,
      // folders first, then models, each by name
      scopes: scopes
        .map((s) =>
          presentScope(
            s,
            s.kind === 'folder'
              ? folderPath(ctx.folders, s.target_id)
              : (models.get(s.target_id) ?? '(a deleted file)'),
          ),
        )
        .sort((a, b) => a.kind.localeCompare(b.kind) || a.targetName.localeCompare(b.targetName)),
    };
  }
}
