import { isIdsFileName, isModelFile } from '@penstock/shared';
import { readBlob, type BlobStore } from '../../storage/blobStore.ts';
import { readIdsText } from './idsReading.ts';
import type { FileVersion, IdsRepo, ScopeRow, SettingsRow, ValidationRow } from './ids.repo.ts';
import type { IdsChecksRepo } from './idsChecks.repo.ts';
import type { IdsCheckJobs } from './idsCheck.jobs.ts';

/**
 * Which IDS applies to which model, and the checks that follow (issue 36 §1, §2): each version of an IDS
 * file is read once (IdsValidations); a model is in an IDS file's scope when the file names the model or a
 * folder above it; the check of a model version uses the latest valid version of each IDS file in scope, with
 * the dynamic-values option of the most specific scope (a model's own, else the nearest folder's), else the
 * project's setting.
 */

export const DEFAULT_SETTINGS = { gate: 'warn', include_dynamic: 0 } as const;

/** The stored reading of each IDS version, read when missing (a version stored before its listener ran). */
export class IdsValidations {
  constructor(
    private readonly repo: IdsRepo,
    private readonly blobs: BlobStore,
  ) {}

  async of(version: Pick<FileVersion, 'version_id' | 'blob_hash'>): Promise<ValidationRow> {
    const stored = await this.repo.validation(version.version_id);
    if (stored) return stored;
    const reading = await readIdsText((await readBlob(this.blobs, version.blob_hash)).toString('utf8'));
    await this.repo.saveValidation({
      version_id: version.version_id,
      status: reading.status,
      problems: JSON.stringify(reading.problems),
      title: reading.title,
      specifications: JSON.stringify(reading.specifications),
      checked_at: new Date().toISOString(),
    });
    return (await this.repo.validation(version.version_id))!;
  }

  /** The newest version of an IDS file that was read valid (null when none is). */
  async latestValid(idsItemId: string): Promise<FileVersion | null> {
    for (const version of await this.repo.versionsOfItem(idsItemId))
      if ((await this.of(version)).status === 'valid') return version;
    return null;
  }
}

export interface ScopeContext {
  scopes: ScopeRow[];
  folders: Array<{ id: string; parent_id: string | null; name: string }>;
  settings: Pick<SettingsRow, 'gate' | 'include_dynamic'>;
}

/** A folder's ids from the top folder down to it. */
export function folderChain(folders: ScopeContext['folders'], folderId: string): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const chain: string[] = [];
  for (let id: string | null = folderId; id && !chain.includes(id); id = byId.get(id)?.parent_id ?? null)
    chain.unshift(id);
  return chain;
}

export function folderPath(folders: ScopeContext['folders'], folderId: string): string {
  const byId = new Map(folders.map((f) => [f.id, f.name]));
  return folderChain(folders, folderId)
    .map((id) => byId.get(id) ?? '')
    .join('/');
}

/** The scopes of one IDS file that cover a model item, most specific first (the model, then the nearest folder). */
export function scopesCovering(
  item: { id: string; folder_id: string },
  scopes: readonly ScopeRow[],
  folders: ScopeContext['folders'],
): ScopeRow[] {
  const chain = folderChain(folders, item.folder_id);
  const depth = (scope: ScopeRow) => (scope.kind === 'model' ? Infinity : chain.indexOf(scope.target_id));
  return scopes
    .filter((s) => (s.kind === 'model' ? s.target_id === item.id : chain.includes(s.target_id)))
    .sort((a, b) => depth(b) - depth(a));
}

/** Whether dynamic values are checked under a scope (its own option, else the project's). */
export const includesDynamic = (scope: ScopeRow | undefined, settings: ScopeContext['settings']): number =>
  scope?.include_dynamic ?? settings.include_dynamic;

/** What the checks of one model version are to be: one per IDS file in scope that has a valid version. */
export interface PlannedCheck {
  idsItemId: string;
  idsVersion: FileVersion;
  includeDynamic: number;
}

export class IdsPlanner {
  constructor(
    private readonly repo: IdsRepo,
    private readonly checks: IdsChecksRepo,
    private readonly validations: IdsValidations,
    private readonly jobs: IdsCheckJobs,
  ) {}

  async context(projectId: string): Promise<ScopeContext> {
    const [scopes, folders, settings] = await Promise.all([
      this.repo.scopesOfProject(projectId),
      this.repo.folders(projectId),
      this.repo.settings(projectId),
    ]);
    return { scopes, folders, settings: settings ?? DEFAULT_SETTINGS };
  }

  /** The IDS files (latest valid versions) that apply to a model version. */
  async planned(model: FileVersion, context?: ScopeContext): Promise<PlannedCheck[]> {
    if (!isModelFile(model.file_name)) return [];
    const ctx = context ?? (await this.context(model.project_id));
    const byIds = new Map<string, ScopeRow[]>();
    for (const scope of ctx.scopes)
      byIds.set(scope.ids_item_id, [...(byIds.get(scope.ids_item_id) ?? []), scope]);
    const planned: PlannedCheck[] = [];
    for (const [idsItemId, scopes] of byIds) {
      const covering = scopesCovering({ id: model.item_id, folder_id: model.folder_id }, scopes, ctx.folders);
      if (!covering.length) continue;
      const idsVersion = await this.validations.latestValid(idsItemId);
      if (idsVersion)
        planned.push({ idsItemId, idsVersion, includeDynamic: includesDynamic(covering[0], ctx.settings) });
    }
    return planned;
  }

  /**
   * Queues the checks of a converted model version (after its conversion: `again`, a model converted again
   * is checked again); a version still converting is left to its conversion's end. The number queued.
   */
  async queueModelVersion(versionId: string, again: boolean, context?: ScopeContext): Promise<number> {
    const model = await this.repo.fileVersion(versionId);
    if (!model || !isModelFile(model.file_name)) return 0;
    const state = (await this.repo.conversionStates([versionId])).get(versionId);
    if (state !== 'done' && state !== 'failed') return 0;
    let queued = 0;
    for (const plan of await this.planned(model, context))
      if (
        await this.checks.queue(
          {
            project_id: model.project_id,
            model_version_id: model.version_id,
            ids_version_id: plan.idsVersion.version_id,
            ids_item_id: plan.idsItemId,
            include_dynamic: plan.includeDynamic,
          },
          again,
        )
      )
        queued++;
    if (queued) await this.jobs.send(versionId);
    return queued;
  }

  /** Queues the checks of the latest version of every model in a project's IDS scopes (or one IDS file's). */
  async queueProject(projectId: string, idsItemId?: string): Promise<number> {
    const ctx = await this.context(projectId);
    const scopes = ctx.scopes.filter((s) => !idsItemId || s.ids_item_id === idsItemId);
    const modelItems = new Set(scopes.filter((s) => s.kind === 'model').map((s) => s.target_id));
    const folderIds = new Set(scopes.filter((s) => s.kind === 'folder').map((s) => s.target_id));
    const under = ctx.folders
      .filter((f) => folderChain(ctx.folders, f.id).some((id) => folderIds.has(id)))
      .map((f) => f.id);
    for (const item of await this.repo.itemsInFolders(projectId, under))
      if (isModelFile(item.name)) modelItems.add(item.id);
    let queued = 0;
    for (const version of await this.repo.latestVersions([...modelItems]))
      queued += await this.queueModelVersion(version.version_id, false, ctx);
    return queued;
  }

  /**
   * A file moved to another folder: the latest version of a model is checked against the IDS files in scope
   * there that it has no check against yet (the checks listed and gated are always those of its scope now).
   */
  async itemMoved(itemId: string): Promise<number> {
    const [latest] = await this.repo.latestVersions([itemId]);
    if (!latest || !isModelFile(latest.file_name)) return 0;
    return this.queueModelVersion(latest.version_id, false);
  }

  /** A new version of a file: an IDS file is read now, and the models in its scope are checked against it. */
  async versionAdded(versionId: string, fileName: string): Promise<void> {
    if (!isIdsFileName(fileName)) return;
    const version = await this.repo.fileVersion(versionId);
    if (!version) return;
    const validation = await this.validations.of(version);
    if (validation.status === 'valid') await this.queueProject(version.project_id, version.item_id);
  }
}
