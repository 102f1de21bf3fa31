import { isModelFile, type CurrentUser } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { ScheduleExportsRepo } from './scheduleExports.repo.ts';
import { scheduleTable } from './scheduleTable.ts';
import { SCHEDULE_TYPE_LABELS, drawingNumberOf, scheduleTitle, type ScheduleType } from '@penstock/shared';
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

/** getreport / getsapreport: a schedule of a converted model, stored in Published/Schedules and answered. */
export class ScheduleExportsService {
  constructor(
    private readonly repo: ScheduleExportsRepo,
    private readonly documents: DocumentFiles,
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

    const table = await scheduleTable(
      this.repo,
      { projectId: project.id, versionId: file.version_id, fileName: request.fileName },
      request.type,
    );
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
