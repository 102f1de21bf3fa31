import { type DynamicEntry, type DynamicRecord, type PropValue, type StaticRecord } from '@penstock/shared';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { PropertyValueHistoryTable, PropertyValuesTable } from '../../db/schema.ts';
import { keyOf, type PropertiesRepo, type PropertyTable } from './properties.repo.ts';
import type { StoredLockRow } from './valueLocks.repo.ts';
import { nextInstant } from './valueLocks.service.ts';
import type { SessionAsker } from '../auth/index.ts';

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
    private readonly access: AccessService,
  ) {}

  /**
   * POST /api/getdynamic: the file's entries in the user's project(s) of that name, plus locked ones of the
   * same tags. One round trip (issue 38): the session, the projects with the user's role and the entries come
   * in one query; the session is checked as every request's is (401), then each project by the one rule with
   * the role read, before anything read is answered.
   */
  async getDynamic(asker: SessionAsker, projectName: string, fileName: string): Promise<DynamicEntry[]> {
    const read = await this.repo.dynamicForAsker(asker.sessionId, projectName, fileName);
    const user = await asker.settle(read.session);
    // the spec names projects, not ids: the user's projects of that name, each then checked by the one rule
    if (!read.projects.length) throw notFound();
    for (const project of read.projects)
      await this.access.requireAccess(user, { project: project.id, memberRole: project.role }, 'read');
    return read.entries.map((row) => {
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

  saveStatic(asker: SessionAsker, records: StaticRecord[]): Promise<{ saved: number }> {
    return this.save(asker, 'static_values', records);
  }

  saveDynamic(asker: SessionAsker, records: DynamicRecord[]): Promise<{ saved: number }> {
    return this.save(asker, 'dynamic_values', records);
  }

  /**
   * Two round trips (issue 38): the session, the projects with the user's role and the stored locks in one
   * query; the session checked (401) and each project by the one rule with the role read; then the write (one
   * statement when it fits one, all or nothing by itself).
   */
  private async save(
    asker: SessionAsker,
    table: PropertyTable,
    records: ReadonlyArray<StaticRecord & { locked?: boolean }>,
  ): Promise<{ saved: number }> {
    if (!records.length) {
      await asker.user();
      return { saved: 0 };
    }
    const names = [...new Set(records.map((r) => r.projectName))];
    const fileNames = [...new Set(records.map((r) => r.fileName))];
    const read = await this.repo.saveContext(table, asker.sessionId, names, fileNames);
    const user = await asker.settle(read.session);
    const projects = read.projects;
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
      const lockedRows = read.locks.map(
        (row) => [keyOf(row.project_id, row.file_name, row.tag), row] as const,
      );
      const locked = new Set(lockedRows.filter(([, row]) => Number(row.locked) === 1).map(([key]) => key));
      const partly = new Map(lockedRows.filter(([, row]) => Number(row.locked) !== 1));
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
