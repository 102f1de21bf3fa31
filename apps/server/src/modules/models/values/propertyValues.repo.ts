import type { Db } from '../../../db/database.ts';
import type { PropertyColumn } from './propertyColumns.ts';

/** What a user can colour by besides properties: columns of the object index. */
export const OBJECT_ATTRIBUTES = ['category', 'ifcClass', 'storey'] as const;
export type ObjectAttribute = (typeof OBJECT_ATTRIBUTES)[number];

const ATTRIBUTE_COLUMN = { category: 'category', ifcClass: 'ifc_class', storey: 'storey' } as const;

/** Columns per insert: each holds two JSON arrays as long as the model has objects with the property. */
const INSERT_BATCH = 8;

/** SQL for colour by property: the property columns of a version and the index's attribute columns. */
export class PropertyValuesRepo {
  constructor(private readonly db: Db) {}

  /** How many rows the version's object index has, and its lowest and highest localIds (from the key). */
  async localIdSpan(versionId: string): Promise<{ count: number; min: number; max: number }> {
    const row = await this.db
      .selectFrom('model_objects')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('local_id').as('min'),
        eb.fn.max('local_id').as('max'),
      ])
      .where('version_id', '=', versionId)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), min: Number(row?.min ?? 0), max: Number(row?.max ?? -1) };
  }

  /**
   * The selectable objects (not the spatial structure) with localIds in [from, to), with their properties, in
   * no order: a range of the key with nothing to sort (a sorted page of a table just written took PostgreSQL
   * seconds, its statistics not yet gathered).
   */
  objectProperties(
    versionId: string,
    from: number,
    to: number,
  ): Promise<{ local_id: number; properties: string }[]> {
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'properties'])
      .where('version_id', '=', versionId)
      .where('local_id', '>=', from)
      .where('local_id', '<', to)
      .where('kind', '<>', 'spatial')
      .execute();
  }

  /**
   * The version's property columns replaced by these, in one transaction, and marked as built from the
   * conversion `conversionKey` (conversions.property_columns). Another server building the same columns at
   * the same time leaves the same rows.
   */
  async replaceColumns(versionId: string, conversionKey: string, columns: readonly PropertyColumn[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('model_property_columns').where('version_id', '=', versionId).execute();
      for (let start = 0; start < columns.length; start += INSERT_BATCH) {
        await trx
          .insertInto('model_property_columns')
          .values(
            columns.slice(start, start + INSERT_BATCH).map((column) => ({
              version_id: versionId,
              set_name: column.setName,
              name: column.name,
              object_count: column.localIds.length,
              local_ids: JSON.stringify(column.localIds),
              values: JSON.stringify(column.values),
            })),
          )
          .onConflict((oc) => oc.columns(['version_id', 'set_name', 'name']).doNothing())
          .execute();
      }
      await trx
        .updateTable('conversions')
        .set({ property_columns: conversionKey })
        .where('version_id', '=', versionId)
        .execute();
    });
  }

  /** The version's properties (set, name, how many objects have a value), by set then name: one indexed read. */
  names(versionId: string): Promise<{ set_name: string; name: string; object_count: number }[]> {
    return this.db
      .selectFrom('model_property_columns')
      .select(['set_name', 'name', 'object_count'])
      .where('version_id', '=', versionId)
      .orderBy('set_name')
      .orderBy('name')
      .execute();
  }

  /** The columns of a property name: of one set, or of every set that has it (by set name). */
  columns(
    versionId: string,
    name: string,
    setName: string | undefined,
  ): Promise<{ local_ids: string; values: string }[]> {
    let query = this.db
      .selectFrom('model_property_columns')
      .select(['local_ids', 'values'])
      .where('version_id', '=', versionId)
      .where('name', '=', name);
    if (setName !== undefined) query = query.where('set_name', '=', setName);
    return query.orderBy('set_name').execute();
  }

  /** An attribute of every selectable object that has one (not ''), by localId. */
  attributeValues(
    versionId: string,
    attribute: ObjectAttribute,
  ): Promise<{ local_id: number; value: string }[]> {
    const column = ATTRIBUTE_COLUMN[attribute];
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', `${column} as value`])
      .where('version_id', '=', versionId)
      .where('kind', '<>', 'spatial')
      .where(column, '<>', '')
      .orderBy('local_id')
      .execute() as Promise<{ local_id: number; value: string }[]>;
  }
}
