import type { Db } from '../../db/database.ts';

/** SQL for reports: the project's latest converted model and its tagged elements (the asset register). */
export class ReportRepo {
  constructor(private readonly db: Db) {}

  /** The most recently converted model of a live file of the project. */
  latestModel(projectId: string): Promise<{ version_id: string; file_name: string } | undefined> {
    return this.db
      .selectFrom('conversions')
      .innerJoin('versions', 'versions.id', 'conversions.version_id')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select(['conversions.version_id', 'versions.file_name'])
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is', null)
      .where('conversions.state', '=', 'done')
      .where('conversions.frag_hash', 'is not', null)
      .orderBy('conversions.finished_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  assets(versionId: string, limit: number) {
    return this.db
      .selectFrom('model_objects')
      .select(['tag', 'category', 'ifc_class', 'name', 'storey'])
      .where('version_id', '=', versionId)
      .where('kind', '=', 'element')
      .where('tag', '<>', '')
      .orderBy('tag')
      .limit(limit)
      .execute();
  }
}
