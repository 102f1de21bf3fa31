import type { CurrentUser } from '@penstock/shared';
import type { ConversionsTable } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import type { AccessService } from '../../../security/access.ts';
import type { ModelsRepo } from '../models.repo.ts';
import { PropertyColumnsBuilder, mergeColumns } from './propertyColumns.ts';
import type { ObjectAttribute, PropertyValuesRepo } from './propertyValues.repo.ts';

/** GET /api/models/<version id>/property-names */
export interface PropertyNames {
  properties: { set: string; name: string; count: number }[];
}

/** GET /api/models/<version id>/property-values */
export interface PropertyValues {
  values: { localId: number; value: string }[];
}

export type PropertyValuesQuery = { set?: string; name: string } | { attribute: ObjectAttribute };

/** Objects read per query while the columns are built (their property lists are about 1 kB each). */
const BUILD_BATCH = 5000;

/** Which conversion the stored columns were built from: a model converted again builds them again. */
const conversionKey = (conversion: ConversionsTable) =>
  `${conversion.finished_at ?? ''} ${conversion.frag_hash ?? ''}`;

/**
 * Colour by property: the property names of a model and one property's (or index attribute's) value for every
 * object. The properties are kept in columns (propertyColumns.ts), built from the object index the first time
 * a converted version is asked, so that later answers are one indexed read.
 */
export class PropertyValuesService {
  /** columns being built now, by version and conversion: requests at the same time wait for one build */
  private readonly building = new Map<string, Promise<void>>();

  constructor(
    private readonly repo: PropertyValuesRepo,
    private readonly models: ModelsRepo,
    private readonly access: AccessService,
  ) {}

  async names(user: CurrentUser, versionId: string): Promise<PropertyNames> {
    await this.readable(user, versionId);
    await this.columnsBuilt(versionId, await this.converted(versionId));
    const rows = await this.repo.names(versionId);
    return {
      properties: rows.map((row) => ({ set: row.set_name, name: row.name, count: Number(row.object_count) })),
    };
  }

  async values(user: CurrentUser, versionId: string, query: PropertyValuesQuery): Promise<PropertyValues> {
    await this.readable(user, versionId);
    const conversion = await this.converted(versionId);
    if ('attribute' in query) {
      const rows = await this.repo.attributeValues(versionId, query.attribute);
      return { values: rows.map((row) => ({ localId: Number(row.local_id), value: row.value })) };
    }
    await this.columnsBuilt(versionId, conversion);
    const columns = await this.repo.columns(versionId, query.name, query.set);
    if (columns.length === 0) throw notFound('The model has no such property');
    return {
      values: mergeColumns(
        columns.map((column) => ({
          localIds: JSON.parse(column.local_ids) as number[],
          values: JSON.parse(column.values) as string[],
        })),
      ),
    };
  }

  /** One access check first: the rule of reading a model's properties (404 for a non-member, as for no id). */
  private async readable(user: CurrentUser, versionId: string): Promise<void> {
    const version = await this.models.findVersion(versionId);
    if (!version) throw notFound();
    await this.access.requireAccess(user, { project: version.project_id }, 'read');
  }

  /** The conversion of a converted model; 409 otherwise, as for its .frag. */
  private async converted(versionId: string): Promise<ConversionsTable> {
    const conversion = await this.models.findConversion(versionId);
    if (conversion?.state === 'done' && conversion.frag_hash) return conversion;
    if (conversion?.state === 'failed')
      throw conflict(`The model could not be converted: ${conversion.error ?? 'unknown reason'}`);
    if (conversion?.state === 'queued' || conversion?.state === 'running')
      throw conflict('The model is still being converted');
    throw conflict('This document has no converted model');
  }

  private async columnsBuilt(versionId: string, conversion: ConversionsTable): Promise<void> {
    const key = conversionKey(conversion);
    if (conversion.property_columns === key) return;
    const id = `${versionId}/${key}`;
    let build = this.building.get(id);
    if (!build) {
      build = this.build(versionId, key).finally(() => this.building.delete(id));
      this.building.set(id, build);
    }
    await build;
  }

  /**
   * Reads the objects' properties in ranges of localIds of about BUILD_BATCH objects each (bounded memory on a
   * 100k-object model), in ascending order, and stores the columns.
   */
  private async build(versionId: string, key: string): Promise<void> {
    const builder = new PropertyColumnsBuilder();
    const { count, min, max } = await this.repo.localIdSpan(versionId);
    const step = Math.max(1, Math.ceil(((max - min + 1) * BUILD_BATCH) / Math.max(1, count)));
    for (let from = min; from <= max; from += step) {
      const rows = await this.repo.objectProperties(versionId, from, from + step);
      rows.sort((a, b) => Number(a.local_id) - Number(b.local_id));
      for (const row of rows) builder.add(Number(row.local_id), row.properties);
    }
    await this.repo.replaceColumns(versionId, key, builder.build());
  }
}
