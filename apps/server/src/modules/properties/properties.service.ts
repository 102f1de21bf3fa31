import {
  type CurrentUser,
  type DynamicEntry,
  type DynamicRecord,
  type PropValue,
  type StaticRecord,
} from '@penstock/shared';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { PropertyValuesTable } from '../../db/schema.ts';
import { keyOf, type PropertiesRepo, type PropertyTable } from './properties.repo.ts';

export class PropertiesService {
  constructor(
    private readonly repo: PropertiesRepo,
    private readonly access: AccessService,
  ) {}

  /** POST /api/getdynamic: the file's entries in the user's project(s) of that name, plus locked ones of the same tags. */
  async getDynamic(user: CurrentUser, projectName: string, fileName: string): Promise<DynamicEntry[]> {
    // the spec names projects, not ids: the user's projects of that name, each then checked by the one rule
    const projects = await this.repo.projectsNamed(user.id, [projectName]);
    if (!projects.length) throw notFound();
    for (const project of projects) await this.access.requireAccess(user, { project: project.id }, 'read');
    const rows = await this.repo.dynamicEntries(
      user.id,
      projects.map((p) => p.id),
      fileName,
    );
    return rows.map((row) => ({
      Tag: row.tag,
      ProjectName: row.project_name,
      Locked: Number(row.locked) === 1,
      PropertyValueData: JSON.parse(row.values) as PropValue[],
    }));
  }

  saveStatic(user: CurrentUser, records: StaticRecord[]): Promise<{ saved: number }> {
    return this.save(user, 'static_values', records);
  }

  saveDynamic(user: CurrentUser, records: DynamicRecord[]): Promise<{ saved: number }> {
    return this.save(user, 'dynamic_values', records);
  }

  private async save(
    user: CurrentUser,
    table: PropertyTable,
    records: ReadonlyArray<StaticRecord & { locked?: boolean }>,
  ): Promise<{ saved: number }> {
    if (!records.length) return { saved: 0 };
    const names = [...new Set(records.map((r) => r.projectName))];
    const projects = await this.repo.projectsNamed(user.id, names);
    // the first project of each name (oldest) that the user belongs to
    const byName = new Map<string, { id: string; role: string }>();
    for (const project of projects) if (!byName.has(project.name)) byName.set(project.name, project);
    for (const name of names) {
      const project = byName.get(name);
      if (!project) throw notFound();
      await this.access.requireAccess(user, { project: project.id }, 'saveProperties');
    }
    const at = new Date().toISOString();
    // one row per (project, file, tag): the last record of a key wins
    const rows = new Map<string, PropertyValuesTable>();
    for (const record of records) {
      const projectId = byName.get(record.projectName)!.id;
      rows.set(keyOf(projectId, record.fileName, record.tag), {
        project_id: projectId,
        file_name: record.fileName,
        tag: record.tag,
        guid: record.guId,
        category: record.category,
        locked: record.locked ? 1 : 0,
        values: JSON.stringify(
          record.propValueList.map((v) => ({ propName: v.propName, propValue: v.propValue })),
        ),
        updated_by: user.id,
        updated_at: at,
      });
    }
    let toSave = [...rows.values()];
    if (table === 'dynamic_values') {
      const locked = await this.repo.lockedKeys(
        [...new Set(toSave.map((r) => r.project_id))],
        [...new Set(toSave.map((r) => r.file_name))],
      );
      toSave = toSave.filter((r) => !locked.has(keyOf(r.project_id, r.file_name, r.tag)));
      // a business rule, not a permission: locked values are kept for everyone
      // eslint-disable-next-line no-restricted-syntax
      if (!toSave.length) throw forbidden('These entries are locked: their values cannot be changed');
    }
    await this.repo.upsert(table, toSave);
    return { saved: toSave.length };
  }
}
