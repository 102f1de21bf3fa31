import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { IssuesRepo } from '../issues/index.ts';

/** A model object of the project found by its IfcGuid. */
export interface ResolvedObject {
  versionId: string;
  itemId: string;
  versionNumber: number;
  localId: number;
  guid: string;
}

/** The SQL of BCF export and import that is not plain issue reading and writing (IssuesRepo has that). */
export class BcfRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with the issue repository bound to it. */
  transaction<T>(work: (issues: IssuesRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new IssuesRepo(trx)));
  }

  async projectName(projectId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('projects')
      .select('name')
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** issues.bcf_viewpoints of the project's issues that have any, by issue id. */
  async storedBcfOfProject(projectId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('issues')
      .select(['id', 'bcf_viewpoints'])
      .where('project_id', '=', projectId)
      .where('bcf_viewpoints', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.id, row.bcf_viewpoints!]));
  }

  /** The objects of the project's converted models with any of these IfcGuids, in one query per 500. */
  async objectsByGuid(projectId: string, guids: readonly string[]): Promise<ResolvedObject[]> {
    const unique = [...new Set(guids)];
    const rows: ResolvedObject[] = [];
    for (let i = 0; i < unique.length; i += 500) {
      const found = await this.db
        .selectFrom('model_objects')
        .innerJoin('versions', 'versions.id', 'model_objects.version_id')
        .innerJoin('items', 'items.id', 'versions.item_id')
        .innerJoin('conversions', 'conversions.version_id', 'model_objects.version_id')
        .select([
          'model_objects.version_id as versionId',
          'versions.item_id as itemId',
          'versions.number as versionNumber',
          'model_objects.local_id as localId',
          'model_objects.guid as guid',
        ])
        .where('items.project_id', '=', projectId)
        .where('conversions.state', '=', 'done')
        .where('model_objects.guid', 'in', unique.slice(i, i + 500))
        .execute();
      rows.push(
        ...found.map((r) => ({ ...r, versionNumber: Number(r.versionNumber), localId: Number(r.localId) })),
      );
    }
    return rows;
  }

  /** The JSON text of each version's conversion viewables (only the project's versions, when it is given). */
  async viewablesOf(
    versionIds: readonly string[],
    projectId?: string,
  ): Promise<Array<{ versionId: string; viewables: string }>> {
    if (!versionIds.length) return [];
    let query = this.db
      .selectFrom('conversions')
      .select(['conversions.version_id as version_id', 'conversions.viewables as viewables'])
      .where('conversions.version_id', 'in', versionIds);
    if (projectId !== undefined)
      query = query
        .innerJoin('versions', 'versions.id', 'conversions.version_id')
        .innerJoin('items', 'items.id', 'versions.item_id')
        .where('items.project_id', '=', projectId);
    const rows = await query.execute();
    return rows.map((row) => ({ versionId: row.version_id, viewables: row.viewables }));
  }

  /**
   * IfcGuids of these local ids of a version of the project's models, by local id (500 per query). A version
   * of another project gives none: a viewer state names versions by id, and export writes only the project's.
   */
  async guidsOfLocalIds(
    projectId: string,
    versionId: string,
    localIds: readonly number[],
  ): Promise<Map<number, string>> {
    const unique = [...new Set(localIds)];
    const result = new Map<number, string>();
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.db
        .selectFrom('model_objects')
        .innerJoin('versions', 'versions.id', 'model_objects.version_id')
        .innerJoin('items', 'items.id', 'versions.item_id')
        .select(['model_objects.local_id as localId', 'model_objects.guid as guid'])
        .where('items.project_id', '=', projectId)
        .where('model_objects.version_id', '=', versionId)
        .where('model_objects.local_id', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of rows) result.set(Number(row.localId), row.guid);
    }
    return result;
  }

  /** The snapshots of the project's issues that have one, by issue id. */
  async snapshotsOfProject(projectId: string): Promise<Map<string, { hash: string; type: string }>> {
    const rows = await this.db
      .selectFrom('issues')
      .select(['id', 'snapshot_hash', 'snapshot_type'])
      .where('project_id', '=', projectId)
      .where('snapshot_hash', 'is not', null)
      .execute();
    return new Map(
      rows.map((row) => [row.id, { hash: row.snapshot_hash!, type: row.snapshot_type ?? 'image/png' }]),
    );
  }

  /** The blob hash of the newest PNG markup preview of a document (item or version id) of the project. */
  async newestPngPreview(projectId: string, documentId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('markup_items')
      .innerJoin('markups', 'markups.id', 'markup_items.markup_id')
      .select('markup_items.image_hash')
      .where('markups.project_id', '=', projectId)
      .where((eb) =>
        eb.or([eb('markups.document_id', '=', documentId), eb('markups.item_id', '=', documentId)]),
      )
      .where('markup_items.image_type', '=', 'image/png')
      .where('markup_items.image_hash', 'is not', null)
      .orderBy('markups.updated_at', 'desc')
      .executeTakeFirst();
    return row?.image_hash ?? null;
  }
}
