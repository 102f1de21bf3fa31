import type { Db } from '../../db/database.ts';
import type { PropertyTable } from '../properties/index.ts';

export interface NamedProject {
  id: string;
  name: string;
  role: string;
}

export interface ModelFile {
  item_id: string;
  version_id: string;
  file_name: string;
}

export interface ObjectRow {
  tag: string;
  category: string;
  properties: string;
}

export interface ValuesRow {
  tag: string;
  values: string;
}

/** SQL for schedules: the project by name, the converted model file and its objects and values. */
export class ScheduleExportsRepo {
  constructor(private readonly db: Db) {}

  /** The user's oldest project of this name, with the user's role; undefined when none. */
  projectNamed(userId: string, name: string): Promise<NamedProject | undefined> {
    return this.db
      .selectFrom('projects')
      .innerJoin('project_members', 'project_members.project_id', 'projects.id')
      .select(['projects.id', 'projects.name', 'project_members.role'])
      .where('project_members.user_id', '=', userId)
      .where('projects.name', '=', name)
      .orderBy('projects.created_at')
      .limit(1)
      .executeTakeFirst();
  }

  /** The project's items of this name whose latest version is converted, most recently updated first. */
  convertedFiles(projectId: string, fileName: string): Promise<ModelFile[]> {
    return this.db
      .selectFrom('items')
      .innerJoin('versions', 'versions.item_id', 'items.id')
      .innerJoin('conversions', 'conversions.version_id', 'versions.id')
      .select(['items.id as item_id', 'versions.id as version_id', 'versions.file_name'])
      .where('items.project_id', '=', projectId)
      .where('items.name', '=', fileName)
      .where('conversions.state', '=', 'done')
      .where('conversions.frag_hash', 'is not', null)
      .where('versions.number', '=', (eb) =>
        eb
          .selectFrom('versions as latest')
          .select((inner) => inner.fn.max('latest.number').as('n'))
          .whereRef('latest.item_id', '=', 'items.id'),
      )
      .orderBy('items.updated_at', 'desc')
      .execute();
  }

  /** The model's tagged objects with their properties, by local id (one query). */
  taggedObjects(versionId: string, categories: readonly string[]): Promise<ObjectRow[]> {
    if (categories.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('model_objects')
      .select(['tag', 'category', 'properties'])
      .where('version_id', '=', versionId)
      .where('kind', '=', 'element')
      .where('tag', '<>', '')
      .where('category', 'in', [...categories])
      .orderBy('local_id')
      .execute();
  }

  /** The distinct categories of a model's tagged objects. */
  async categories(versionId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('model_objects')
      .select('category')
      .distinct()
      .where('version_id', '=', versionId)
      .where('kind', '=', 'element')
      .where('tag', '<>', '')
      .execute();
    return rows.map((row) => row.category);
  }

  /** The stored values of one file in the project (one query per table). */
  values(table: PropertyTable, projectId: string, fileName: string): Promise<ValuesRow[]> {
    return this.db
      .selectFrom(table)
      .select(['tag', 'values'])
      .where('project_id', '=', projectId)
      .where('file_name', '=', fileName)
      .execute();
  }
}
