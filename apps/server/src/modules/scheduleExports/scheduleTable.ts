import {
  buildScheduleRows,
  isScheduled,
  type ScheduleObject,
  type ScheduleTable,
  type ScheduleType,
} from '@penstock/shared';
import type { ScheduleExportsRepo, ValuesRow } from './scheduleExports.repo.ts';

interface StoredProperty {
  displayName?: unknown;
  displayValue?: unknown;
}

const valuesOf = (rows: readonly ValuesRow[]): Map<string, Record<string, string>> => {
  const byTag = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const values: Record<string, string> = {};
    for (const { propName, propValue } of JSON.parse(row.values) as Array<{
      propName: string;
      propValue: string;
    }>)
      values[propName] = String(propValue ?? '');
    byTag.set(row.tag, values);
  }
  return byTag;
};

/**
 * A schedule of one converted model as a grid: its objects of the schedule's categories, with the static
 * values saved over the model's own and the dynamic values on top. Shared by the schedule workbooks and the
 * PDF report's asset register, so both list the same rows and columns. No access check: callers check.
 */
export async function scheduleTable(
  repo: ScheduleExportsRepo,
  model: { projectId: string; versionId: string; fileName: string },
  type: ScheduleType,
): Promise<ScheduleTable> {
  // only the objects of the schedule's categories are read (a plant model has tens of thousands of others)
  const categories = (await repo.categories(model.versionId)).filter((category) =>
    isScheduled(type, category),
  );
  const [objects, staticRows, dynamicRows] = await Promise.all([
    repo.taggedObjects(model.versionId, categories),
    repo.values('static_values', model.projectId, model.fileName),
    repo.values('dynamic_values', model.projectId, model.fileName),
  ]);
  const stored = valuesOf(staticRows);
  const dynamic = valuesOf(dynamicRows);
  const scheduleObjects: ScheduleObject[] = [];
  for (const object of objects) {
    const properties = JSON.parse(object.properties) as StoredProperty[];
    const staticValues: Record<string, string> = {};
    for (const p of properties) {
      if (typeof p.displayName !== 'string') continue;
      const value = p.displayValue === null || p.displayValue === undefined ? '' : String(p.displayValue);
      if (!(p.displayName in staticValues) || !staticValues[p.displayName])
        staticValues[p.displayName] = value;
    }
    // only the objects carrying the Tag themselves: parts that inherit a tag would count twice
    if ((staticValues.Tag ?? '').trim() !== object.tag) continue;
    scheduleObjects.push({
      tag: object.tag,
      category: object.category,
      staticValues: { ...staticValues, ...stored.get(object.tag) },
      dynamicValues: dynamic.get(object.tag) ?? {},
      fileName: model.fileName,
    });
  }
  return buildScheduleRows(type, scheduleObjects);
}
