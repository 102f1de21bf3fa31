import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { TreeRow } from './modelTree.types.ts';

/** SQL for the model tree: the object index of one version, only the columns a tree needs. */
export class ModelTreeRepo {
  constructor(private readonly db: Db) {}

  /**
   * Every row of the version's index (spatial structure, spaces, elements) in one query, by local id. The
   * guid is read only for the spatial rows (storeys are ordered by their viewables); properties never.
   */
  async rows(versionId: string): Promise<TreeRow[]> {
    const rows = await this.db
      .selectFrom('model_objects')
      .select([
        'local_id',
        'parent_local_id',
        'kind',
        'ifc_class',
        'name',
        'tag',
        'tag_source',
        'category',
        'storey',
        sql<string>`case when kind = 'spatial' then guid else '' end`.as('guid'),
      ])
      .where('version_id', '=', versionId)
      .orderBy('local_id')
      .execute();
    return rows;
  }
}
