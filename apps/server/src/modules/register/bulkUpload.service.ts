import {
  NAME_CHECKED_STATES,
  nameFailureMessage,
  parseContainerName,
  type BulkUploadReport,
  type CurrentUser,
  type ImportRowReport,
} from '@penstock/shared';
import { HttpError, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { StagedBlob } from '../../storage/blobStore.ts';
import { stateOfTrail, type DocumentFiles, type DocumentsRepo } from '../documents/index.ts';
import type { InfoStandardRepo } from '../infoStandard/index.ts';
import type { DeliveryPlanRepo } from './register.repo.ts';
import { SheetError, readSheetRows } from './register.workbook.ts';

export interface BulkTarget {
  projectId: string;
  folderId: string;
}

/**
 * Bulk upload with a document register (issue 35 §1): the files and an .xlsx register (File name, Title,
 * Description, and any of the standard's fields by label) arrive together; every row is checked (a file for
 * each row and a row for each file, the name against the standard as an upload into this folder would be,
 * the fields given in the sheet against the name's, the title's length), and only when every row passes
 * are the files stored, with their titles, in one transaction: all or nothing.
 */
export class BulkUploadService {
  constructor(
    private readonly documents: DocumentsRepo,
    private readonly files: DocumentFiles,
    private readonly standards: InfoStandardRepo,
    private readonly plan: DeliveryPlanRepo,
    private readonly access: AccessService,
  ) {}

  /** Checked before any byte is read: who may upload into this folder. */
  async target(user: CurrentUser, folderId: string): Promise<BulkTarget> {
    const folder = await this.documents.findFolder(folderId);
    if (!folder) throw notFound();
    const role = await this.access.requireAccess(user, { project: folder.project_id }, 'upload');
    await this.files.control.requireChangeIn(role, 'upload', [folder.id]);
    return { projectId: folder.project_id, folderId: folder.id };
  }

  /**
   * Checks the register against the staged files; stores them unless `checkOnly` or a row fails. The staged
   * files are always committed or discarded here.
   */
  async run(
    user: CurrentUser,
    target: BulkTarget,
    register: Buffer | null,
    staged: ReadonlyMap<string, StagedBlob>,
    checkOnly: boolean,
  ): Promise<BulkUploadReport> {
    try {
      const report = await this.check(target, register, staged);
      if (checkOnly || report.some((row) => !row.ok)) {
        await discardAll(staged);
        return { stored: false, rows: report };
      }
      await this.store(user, target, register!, staged);
      return { stored: true, rows: report };
    } catch (error) {
      await discardAll(staged);
      throw error;
    }
  }

  private async check(
    target: BulkTarget,
    register: Buffer | null,
    staged: ReadonlyMap<string, StagedBlob>,
  ): Promise<ImportRowReport[]> {
    if (!register) throw new HttpError(400, "Send the document register (.xlsx) in a field named 'register'");
    const rows = await this.rows(register);
    const { standard, relaxed, configured } = await this.standards.standardOf(target.projectId);
    const state = stateOfTrail(await this.files.folderTrail(target.folderId));
    const refuses =
      configured && !relaxed && (NAME_CHECKED_STATES as readonly string[]).includes(state ?? '');
    const named = new Set<string>();
    const report: ImportRowReport[] = [];
    for (const { row, values } of rows) {
      const fileName = values['file name'] ?? values['name'] ?? '';
      const problems: string[] = [];
      const warnings: string[] = [];
      if (!fileName) problems.push('The row has no file name');
      else if (named.has(fileName)) problems.push(`'${fileName}' is listed twice`);
      else if (!staged.has(fileName)) problems.push(`No file named '${fileName}' was sent`);
      named.add(fileName);
      if ((values['title'] ?? '').length > 300) problems.push('Titles can have at most 300 characters');
      if ((values['description'] ?? '').length > 4000)
        problems.push('Descriptions can have at most 4000 characters');
      if (fileName && configured) {
        const parsed = parseContainerName(fileName, standard);
        // refused into Shared and Published; elsewhere stored with the upload's warning
        if (!parsed.conforms) (refuses ? problems : warnings).push(nameFailureMessage(fileName, parsed));
        for (const field of standard.fields) {
          const given = values[field.label.toLowerCase()];
          if (given && parsed.fields[field.key] !== undefined && given !== parsed.fields[field.key])
            problems.push(
              `${field.label} is '${given}' in the register but '${parsed.fields[field.key]}' in the name`,
            );
        }
      }
      if (fileName)
        await this.files.control
          .requireNewVersionAllowed(target.folderId, fileName)
          .catch((error: unknown) => {
            if (!(error instanceof HttpError)) throw error;
            problems.push(error.message);
          });
      report.push({
        row,
        fileName,
        ok: problems.length === 0,
        problems,
        ...(warnings.length ? { warnings } : {}),
      });
    }
    for (const fileName of staged.keys())
      if (!named.has(fileName))
        report.push({ row: 0, fileName, ok: false, problems: [`'${fileName}' has no row in the register`] });
    return report;
  }

  private async rows(register: Buffer) {
    const rows = await readSheetRows(register).catch((error: unknown) => {
      throw error instanceof SheetError ? new HttpError(400, error.message) : error;
    });
    if (!rows.length) throw new HttpError(400, 'The register has no rows');
    return rows;
  }

  private async store(
    user: CurrentUser,
    target: BulkTarget,
    register: Buffer,
    staged: ReadonlyMap<string, StagedBlob>,
  ) {
    const rows = await this.rows(register);
    const state = stateOfTrail(await this.files.folderTrail(target.folderId));
    for (const blob of staged.values()) await blob.commit();
    // one transaction: every version and title, or none (a stored blob nobody names is collected later)
    const versions = await this.plan.transaction(async (unit) => {
      const added = [];
      for (const { values } of rows) {
        const fileName = values['file name'] ?? values['name'] ?? '';
        const blob = staged.get(fileName)!;
        const { item, version } = await this.files.recordFile(
          unit.documents,
          state,
          user,
          target,
          fileName,
          blob,
          {},
        );
        await unit.standards.saveMetadata(
          item.id,
          { title: values['title'] ?? '', description: values['description'] ?? '' },
          user.id,
        );
        added.push(version);
      }
      return added;
    });
    for (const version of versions) await this.files.versionAdded(version);
  }
}

async function discardAll(staged: ReadonlyMap<string, StagedBlob>) {
  await Promise.all([...staged.values()].map((blob) => blob.discard().catch(() => {})));
}
