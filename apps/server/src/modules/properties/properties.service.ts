import {
  type CurrentUser,
  type DynamicEntry,
  type DynamicRecord,
  type PropValue,
  type StaticRecord,
} from '@penstock/shared';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { PropertyValueHistoryTable, PropertyValuesTable } from '../../db/schema.ts';
import { keyOf, type PropertiesRepo, type PropertyTable } from './properties.repo.ts';
import type { StoredLockRow, ValueLocksRepo } from './valueLocks.repo.ts';
import { nextInstant } from './valueLocks.service.ts';

const valuesOf = (json: string) => JSON.parse(json) as PropValue[];

/**
 * The row with the stored values of its single locks kept, or null when the record changed nothing but
 * locked values (a save of it would change nothing).
 */
function keepLockedValues(row: PropertyValuesTable, stored: StoredLockRow): PropertyValuesTable | null {
  const locked = new Set(JSON.parse(stored.locked_props) as string[]);
  const before = new Map(valuesOf(stored.values).map((v) => [v.propName, v.propValue]));
  let changedOpen = false;
  const values = valuesOf(row.values).map((v) => {
    const old = before.get(v.propName) ?? '';
    if (locked.has(v.propName)) return { propName: v.propName, propValue: old };
    if (v.propValue !== old) changedOpen = true;
    return v;
  });
  return changedOpen || row.locked ? { ...row, values: JSON.stringify(values) } : null;
}

export class PropertiesService {
  constructor(
    private readonly repo: PropertiesRepo,
    private readonly locks: ValueLocksRepo,
    private readonly access: AccessService,
  ) {}

  /** POST /api/getdynamic: the file's entries in the user's project(s) of that name, plus locked ones of the same tags. */
  async getDynamic(user: CurrentUser, projectName: string, fileName: string): Promise<DynamicEntry[]> {
    // the spec names projects, not ids: the user's projects of that name, each then checked by the one rule
    const projects = await this.repo.projectsNamed(user.id, [projectName]);
    if (!projects.length) throw notFound();
    // the role came with the project (one query fewer: a round trip on PostgreSQL)
    for (const project of projects)
      await this.access.requireAccess(user, { project: project.id, memberRole: project.role }, 'read');
    const rows = await this.repo.dynamicEntries(
      user.id,
      projects.map((p) => p.id),
      fileName,
    );
    return rows.map((row) => {
      const lockedProps = JSON.parse(row.locked_props) as string[];
      return {
        Tag: row.tag,
        ProjectName: row.project_name,
        Locked: Number(row.locked) === 1,
        PropertyValueData: JSON.parse(row.values) as PropValue[],
        ...(lockedProps.length ? { LockedProps: lockedProps } : {}),
      };
    });
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
    const locking = new Set(records.filter((r) => r.locked).map((r) => r.projectName));
    for (const name of names) {
      const project = byName.get(name);
      if (!project) throw notFound();
      const resource = { project: project.id, memberRole: project.role };
      await this.access.requireAccess(user, resource, 'saveProperties');
      // locked: true locks the object: only project managers may (issue 31)
      if (table === 'dynamic_values' && locking.has(name))
        await this.access.requireAccess(user, resource, 'lockValues');
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
    const history: PropertyValueHistoryTable[] = [];
    if (table === 'dynamic_values') {
      const projectIds = [...new Set(toSave.map((r) => r.project_id))];
      const fileNames = [...new Set(toSave.map((r) => r.file_name))];
      const locked = await this.repo.lockedKeys(projectIds, fileNames);
      const partly = await this.locks.partlyLocked(projectIds, fileNames);
      toSave = toSave.flatMap((row) => {
        const key = keyOf(row.project_id, row.file_name, row.tag);
        if (locked.has(key)) return [];
        const stored = partly.get(key);
        const kept = stored ? keepLockedValues(row, stored) : row;
        return kept ? [kept] : [];
      });
      // a business rule, not a permission: locked values are kept for everyone
      // eslint-disable-next-line no-restricted-syntax
      if (!toSave.length) throw forbidden('These entries are locked: their values cannot be changed');
      for (const row of toSave) {
        if (!row.locked) continue;
        history.push({
          id: `pvh.${crypto.randomUUID()}`,
          project_id: row.project_id,
          file_name: row.file_name,
          tag: row.tag,
          prop_name: null,
          action: 'locked',
          by_id: user.id,
          by_name: user.name,
          at: nextInstant(),
        });
      }
    }
    await this.repo.upsert(table, toSave, history);
    return { saved: toSave.length };
  }
}
