import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { PropertiesRepo } from './properties.repo.ts';
import { PropertiesService } from './properties.service.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { ValueLocksRepo } from './valueLocks.repo.ts';
import { ValueLocksService } from './valueLocks.service.ts';

export { PropertiesService } from './properties.service.ts';
export type { PropertyTable } from './properties.repo.ts';

/** A file's dynamic values by tag, each as name and value (for checks that read them: IDS, issue 36). */
export async function dynamicValuesOfFile(
  db: Db,
  projectId: string,
  fileName: string,
): Promise<Map<string, Array<{ name: string; value: string }>>> {
  const rows = await new PropertiesRepo(db).dynamicValuesOfFile(projectId, fileName);
  const byTag = new Map<string, Array<{ name: string; value: string }>>();
  for (const row of rows) {
    let values: unknown;
    try {
      values = JSON.parse(row.values);
    } catch {
      continue;
    }
    if (!Array.isArray(values)) continue;
    byTag.set(
      row.tag,
      values
        .filter((v): v is { propName: string; propValue: unknown } => !!v && typeof v.propName === 'string')
        .map((v) => ({ name: v.propName, value: v.propValue == null ? '' : String(v.propValue) })),
    );
  }
  return byTag;
}

/** Static and dynamic property values of tagged model objects (getdynamic, savestatic, savedynamic) and their locks. */
export function registerProperties(app: FastifyInstance, db: Db, access: AccessService): PropertiesService {
  const service = new PropertiesService(new PropertiesRepo(db), access);
  propertiesRoutes(app, service, new ValueLocksService(new ValueLocksRepo(db), access));
  return service;
}
