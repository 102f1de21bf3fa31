import { isModelFile, type CurrentUser } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentsRepo } from '../documents/documents.repo.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { ReportsRepo, ValuesRow } from './reports.repo.ts';
import {
  SCHEDULE_TYPE_LABELS,
  buildScheduleRows,
  isScheduled,
  drawingNumberOf,
  scheduleTitle,
  type ScheduleObject,
  type ScheduleType,
} from '@penstock/shared';
import { scheduleWorkbook } from './workbook.ts';

export const PROJECT_NOT_FOUND = 'Project name not found';
export const FILE_NOT_FOUND = 'Selected File Could Not Be Found';

export interface ScheduleRequest {
  projectName: string;
  fileName: string;
  type: ScheduleType;
}

export interface ScheduleFile {
  fileName: string;
  itemId: string;
  versionId: string;
  content: Buffer;
}

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

/** getreport / getsapreport: a schedule of a converted model, stored in Published/Schedules and answered. */
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepo,
    private readonly documentsRepo: DocumentsRepo,
    private readonly documents: DocumentsService,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
  ) {}

  async schedule(user: CurrentUser, request: ScheduleRequest): Promise<ScheduleFile> {
    const project = await this.repo.projectNamed(user.id, request.projectName);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    await this.access.requireAccess(user, { project: project.id }, 'saveSchedules');
    const file = isModelFile(request.fileName)
      ? (await this.repo.convertedFiles(project.id, request.fileName))[0]
      : undefined;
    if (!file) throw notFound(FILE_NOT_FOUND);

    // only the objects of the schedule's categories are read (a plant model has tens of thousands of others)
    const categories = (await this.repo.categories(file.version_id)).filter((category) =>
      isScheduled(request.type, category),
    );
    const [objects, staticRows, dynamicRows] = await Promise.all([
      this.repo.taggedObjects(file.version_id, categories),
      this.repo.values('static_values', project.id, request.fileName),
      this.repo.values('dynamic_values', project.id, request.fileName),
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
        fileName: request.fileName,
      });
    }
    const table = buildScheduleRows(request.type, scheduleObjects);
    const label = `${SCHEDULE_TYPE_LABELS[request.type]} Schedule`;
    const content = await scheduleWorkbook(table, {
      sheetName: label,
      title: scheduleTitle(request.type, project.name),
      creator: user.name,
    });
    const fileName = `${drawingNumberOf(request.fileName)} - ${label}.xlsx`;
    const folderId = await this.schedulesFolder(project.id);
    const blob = await this.blobs.putBuffer(content);
    const { item, version } = await this.documents.addFile(
      user,
      { projectId: project.id, folderId },
      fileName,
      blob,
    );
    return { fileName, itemId: item.id, versionId: version.id, content };
  }

  /** The project's Published/Schedules folder, created (with Published) when missing. */
  private schedulesFolder(projectId: string): Promise<string> {
    return this.documents.ensureFolderPath(projectId, ['Published', 'Schedules']);
  }
}
