import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FoldersTable, IdsScopesTable, IdsSettingsTable, IdsValidationsTable } from '../../db/schema.ts';

export type ValidationRow = Selectable<IdsValidationsTable>;
export type ScopeRow = Selectable<IdsScopesTable>;
export type SettingsRow = Selectable<IdsSettingsTable>;

/** A live file's version as the IDS module needs it. */
export interface FileVersion {
  item_id: string;
  project_id: string;
  folder_id: string;
  item_name: string;
  version_id: string;
  number: number;
  file_name: string;
  blob_hash: string;
}

/**
 * The SQL of IDS files in projects (issue 36 §1): the settings, each IDS version's reading, the scopes, and the
 * files and folders they name.
 */
export class IdsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: IdsRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new IdsRepo(trx)));
  }

  settings(projectId: string): Promise<SettingsRow | undefined> {
    return this.db
      .selectFrom('ids_settings')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  async saveSettings(row: SettingsRow): Promise<void> {
    await this.db
      .insertInto('ids_settings')
      .values(row)
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet({
          gate: row.gate,
          include_dynamic: row.include_dynamic,
          updated_at: row.updated_at,
          updated_by: row.updated_by,
        }),
      )
      .execute();
  }

  validation(versionId: string): Promise<ValidationRow | undefined> {
    return this.db
      .selectFrom('ids_validations')
      .selectAll()
      .where('version_id', '=', versionId)
      .executeTakeFirst();
  }

  validations(versionIds: readonly string[]): Promise<ValidationRow[]> {
    if (!versionIds.length) return Promise.resolve([]);
    return this.db.selectFrom('ids_validations').selectAll().where('version_id', 'in', versionIds).execute();
  }

  /** Stores a version's reading (a second reading of the same version, two uploads racing, keeps the first). */
  async saveValidation(row: ValidationRow): Promise<void> {
    await this.db
      .insertInto('ids_validations')
      .values(row)
      .onConflict((oc) => oc.column('version_id').doNothing())
      .execute();
  }

  /** A live file's version (of a live item). */
  fileVersion(versionId: string): Promise<FileVersion | undefined> {
    return this.fileVersions().where('versions.id', '=', versionId).executeTakeFirst();
  }

  /** Every version of the project's live .ids files, newest first per item. */
  idsFileVersions(projectId: string): Promise<FileVersion[]> {
    return this.fileVersions()
      .where('items.project_id', '=', projectId)
      .where((eb) => eb(eb.fn('lower', ['items.name']), 'like', '%.ids'))
      .orderBy('items.name')
      .orderBy('items.id')
      .orderBy('versions.number', 'desc')
      .execute();
  }

  /** The versions of one live item, newest first. */
  versionsOfItem(itemId: string): Promise<FileVersion[]> {
    return this.fileVersions().where('items.id', '=', itemId).orderBy('versions.number', 'desc').execute();
  }

  /** The latest version of each of these live items. */
  async latestVersions(itemIds: readonly string[]): Promise<FileVersion[]> {
    if (!itemIds.length) return [];
    const rows = await this.fileVersions()
      .where('items.id', 'in', itemIds)
      .orderBy('versions.number', 'desc')
      .execute();
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.item_id) && seen.add(row.item_id));
  }

  /** The live items of the project in these folders. */
  itemsInFolders(projectId: string, folderIds: readonly string[]) {
    if (!folderIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('items')
      .select(['id', 'name', 'folder_id'])
      .where('project_id', '=', projectId)
      .where('folder_id', 'in', folderIds)
      .where('deleted_at', 'is', null)
      .execute();
  }

  findItem(itemId: string) {
    return this.db
      .selectFrom('items')
      .select(['id', 'project_id', 'folder_id', 'name'])
      .where('id', '=', itemId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  folders(projectId: string): Promise<Pick<FoldersTable, 'id' | 'parent_id' | 'name'>[]> {
    return this.db
      .selectFrom('folders')
      .select(['id', 'parent_id', 'name'])
      .where('project_id', '=', projectId)
      .execute();
  }

  scopesOfProject(projectId: string): Promise<ScopeRow[]> {
    return this.db
      .selectFrom('ids_scopes')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Replaces an IDS file's scopes. */
  async replaceScopes(idsItemId: string, rows: readonly ScopeRow[]): Promise<void> {
    await this.db.deleteFrom('ids_scopes').where('ids_item_id', '=', idsItemId).execute();
    if (rows.length)
      await this.db
        .insertInto('ids_scopes')
        .values([...rows])
        .execute();
  }

  /** The conversion state of these versions ('queued', 'running', 'done', 'failed'); absent: none. */
  async conversionStates(versionIds: readonly string[]): Promise<Map<string, string>> {
    if (!versionIds.length) return new Map();
    const rows = await this.db
      .selectFrom('conversions')
      .select(['version_id', 'state'])
      .where('version_id', 'in', versionIds)
      .execute();
    return new Map(rows.map((row) => [row.version_id, row.state]));
  }

  /** The converted geometry (.frag blob hash) of a version, null when it has none. */
  async fragHash(versionId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('conversions')
      .select('frag_hash')
      .where('version_id', '=', versionId)
      .where('state', '=', 'done')
      .executeTakeFirst();
    return row?.frag_hash ?? null;
  }

  /** Versions of live items, with their item. */
  private fileVersions() {
    return this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select([
        'items.id as item_id',
        'items.project_id',
        'items.folder_id',
        'items.name as item_name',
        'versions.id as version_id',
        'versions.number',
        'versions.file_name',
        'versions.blob_hash',
      ])
      .where('items.deleted_at', 'is', null);
  }
}
