import type { Db } from '../../../db/database.ts';

/** A converted model of the project: the version the asset register is read from and the file's names. */
export interface ReportModelFile {
  version_id: string;
  /** the version's file name (printed under the register) */
  file_name: string;
  /** the item's name: what saved static and dynamic values are keyed by */
  item_name: string;
}

/** SQL for reports: the converted model whose asset register a report prints. */
export class ReportRepo {
  constructor(private readonly db: Db) {}

  /**
   * A converted model of a live file of the project: with `modelId` (an item id, or one of its version ids)
   * the newest converted version of that file; without it the most recently converted model of the project.
   */
  convertedModel(projectId: string, modelId?: string): Promise<ReportModelFile | undefined> {
    let query = this.db
      .selectFrom('conversions')
      .innerJoin('versions', 'versions.id', 'conversions.version_id')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select(['conversions.version_id', 'versions.file_name', 'items.name as item_name'])
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is', null)
      .where('conversions.state', '=', 'done')
      .where('conversions.frag_hash', 'is not', null);
    if (modelId)
      query = query
        .where((eb) => eb.or([eb('versions.id', '=', modelId), eb('items.id', '=', modelId)]))
        .orderBy('versions.number', 'desc');
    return query.orderBy('conversions.finished_at', 'desc').limit(1).executeTakeFirst();
  }
}
