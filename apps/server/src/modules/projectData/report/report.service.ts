import {
  CLOTH_FILTER_SHEET,
  CLOTH_FILTER_SHEET_ID,
  CLOTH_FILTER_SHEET_TITLE,
  clothFilterDerived,
  FOLDER_ID_PATTERN,
  bareProjectId,
  suitabilityCode,
  type CurrentUser,
  type FormsFile,
  type ReportConfig,
  type ScheduleTable,
} from '@penstock/shared';
import { badRequest, HttpError } from '../../../http/errors.ts';
import type { BlobStore } from '../../../storage/blobStore.ts';
import type { DocumentFiles } from '../../documents/index.ts';
import type { ProjectDirectory } from '../../projects/index.ts';
import type { AccessService } from '../../../security/access.ts';
import type { ReportModel } from './reportModel.ts';
import { renderReportInWorker } from './renderInWorker.ts';
import type { ProjectDataService } from '../projectData.service.ts';
import { calculationSections, projectDataForms } from './reportSections.ts';
import type { ReportModelFile, ReportRepo } from './report.repo.ts';

/** The asset register stops at this many rows (a register of a 100k-object model is not a report). */
export const MAX_ASSET_ROWS = 20_000;
export const REPORT_TIMEOUT_MS = 5 * 60_000;
export const MODEL_NOT_CONVERTED = 'The chosen model is not a converted model of this project';

/** The data sheet is a built-in report of every project, stored beside the other data sheets. */
const DATA_SHEET_REPORT = {
  report_id: CLOTH_FILTER_SHEET_ID,
  report_title: CLOTH_FILTER_SHEET_TITLE,
  description: '',
  bim360_folder_id: 'WIP/Data sheets',
  fmejob: '',
  schema: '',
};

export interface CreateReportBody {
  userId?: string | undefined;
  projectid: string;
  report_id: string;
  report_name?: string | undefined;
  bim360_folder_id?: string | undefined;
  /** the model whose asset register is printed (item or version id); the latest converted model when absent */
  modelId?: string | undefined;
}

/**
 * createreport (forms spec §7): a real PDF of the project's data, calculations, flow profile and asset
 * register, built in a worker thread and stored as a new version (with its revision and suitability) in
 * the report's folder.
 */
export class ReportService {
  constructor(
    private readonly repo: ReportRepo,
    private readonly projectData: ProjectDataService,
    private readonly documents: DocumentFiles,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
    private readonly blobs: BlobStore,
    private readonly config: {
      forms: () => Promise<FormsFile[]>;
      reports: (bareProjectId: string) => Promise<ReportConfig>;
    },
    private readonly schedules: (model: {
      projectId: string;
      versionId: string;
      fileName: string;
    }) => Promise<ScheduleTable>,
  ) {}

  async create(user: CurrentUser, body: CreateReportBody) {
    await this.access.requireAccess(user, { project: body.projectid }, 'createReports');
    await this.access.requireAccess(user, { person: body.userId }, 'createReportsAs');
    const config = await this.config.reports(bareProjectId(body.projectid));
    const report =
      body.report_id === CLOTH_FILTER_SHEET_ID
        ? DATA_SHEET_REPORT
        : config.reports.find((candidate) => candidate.report_id === body.report_id);
    if (!report) throw badRequest(`No report '${body.report_id}' is configured for this project`);
    // a chosen model is checked before anything is written (the report's folder, its version)
    const registerModel =
      report === DATA_SHEET_REPORT ? undefined : await this.repo.convertedModel(body.projectid, body.modelId);
    if (report !== DATA_SHEET_REPORT && body.modelId && !registerModel) throw badRequest(MODEL_NOT_CONVERTED);
    const folderId = await this.folderOf(body.projectid, report.bim360_folder_id || 'WIP/Reports');
    const projectName = (await this.projects.projectName(body.projectid)) ?? '';
    const fileName = `${report.report_title} - ${projectName}.pdf`.replace(/[\\/:*?"<>|]+/g, '-');
    const codes = await this.documents.nextCodesFor(folderId, fileName);
    const model =
      report === DATA_SHEET_REPORT
        ? await this.dataSheetModel(user, body.projectid, projectName, codes)
        : await this.model(user, body.projectid, projectName, report.report_title, codes, registerModel);
    let pdf: Buffer;
    try {
      pdf = await renderReportInWorker(model, { timeoutMs: REPORT_TIMEOUT_MS });
    } catch (error) {
      throw new HttpError(500, error instanceof Error ? error.message : String(error));
    }
    const blob = await this.blobs.putBuffer(pdf);
    const stored = await this.documents.addFile(
      user,
      { projectId: body.projectid, folderId },
      fileName,
      blob,
    );
    const trail = await this.documents.folderTrail(folderId);
    return {
      itemId: stored.item.id,
      versionId: stored.version.id,
      fileName,
      folderPath: trail.map((folder) => folder.name).join('/'),
      revision: stored.version.revision,
      suitability: stored.version.suitability,
    };
  }

  /** The Cloth Filter data sheet: its values by field set, and the rules of §9 applied to them. */
  private async dataSheetModel(
    user: CurrentUser,
    projectId: string,
    projectName: string,
    codes: { revision: string; suitability: string },
  ): Promise<ReportModel> {
    const stored = (await this.projectData.inputs(user, projectId)).values.filter(
      (value) => value.form === CLOTH_FILTER_SHEET_ID,
    );
    if (!stored.length) throw badRequest('Save the Cloth Filter data sheet before exporting it');
    const values = Object.fromEntries(stored.map((value) => [value.category, value.value]));
    const derived = clothFilterDerived(values);
    const unitOf = (unit: string) =>
      unit === 'other' || unit === 'select' || unit === 'file' ? {} : { unit };
    const projectData = CLOTH_FILTER_SHEET.field_sets.map((set) => ({
      form: set.field_set_alias,
      fields: set.input_fields
        .filter((field) => (values[field.key] ?? '') !== '')
        .map((field) => ({ label: field.field_alias, value: values[field.key]!, ...unitOf(field.unit) })),
    }));
    projectData.push({
      form: 'Handover test and sampling',
      fields: [
        { label: 'Handover test', value: derived.handoverTest },
        { label: 'Spot samples (total P above 0.3 mg/l: 10, else 5)', value: String(derived.spotSamples) },
        {
          label: 'Design wastewater temperature, maximum',
          value: String(derived.temperatures.maxC),
          unit: '°C',
        },
        {
          label: 'Design wastewater temperature, minimum',
          value: String(derived.temperatures.minC),
          unit: '°C',
        },
        { label: 'Backwash', value: 'At least once a day' },
        ...derived.warnings.map((warning) => ({ label: 'Check', value: warning })),
      ],
    });
    const description = suitabilityCode(codes.suitability)?.description;
    return {
      title: `${CLOTH_FILTER_SHEET_TITLE} - ${projectName}`,
      projectName,
      reportTitle: CLOTH_FILTER_SHEET_TITLE,
      revision: codes.revision,
      suitability: description ? `${codes.suitability} – ${description}` : codes.suitability,
      date: new Date().toISOString(),
      author: user.name,
      sections: { projectData: projectData.filter((form) => form.fields.length > 0), calculations: [] },
    };
  }

  private async folderOf(projectId: string, target: string): Promise<string> {
    if (FOLDER_ID_PATTERN.test(target)) {
      const trail = await this.documents.folderTrail(target);
      const folder = trail.at(-1);
      if (!folder || folder.project_id !== projectId)
        throw badRequest('The report folder is not a folder of this project');
      return folder.id;
    }
    const names = target
      .split('/')
      .map((name) => name.trim())
      .filter(Boolean);
    if (!names.length) throw badRequest('The report has no folder');
    return this.documents.ensureFolderPath(projectId, names);
  }

  private async model(
    user: CurrentUser,
    projectId: string,
    projectName: string,
    reportTitle: string,
    codes: { revision: string; suitability: string },
    model: ReportModelFile | undefined,
  ): Promise<ReportModel> {
    const [forms, inputs, calculations] = await Promise.all([
      this.config.forms(),
      this.projectData.inputs(user, projectId),
      this.projectData.calculationData(user, projectId),
    ]);
    const projectData = projectDataForms(forms[0]?.forms ?? [], inputs.values);
    const calculationSectionsOfRuns = calculationSections(calculations.runs);
    const flowText = inputs.values.find((v) => v.category === 'flow_data')?.value;
    const flow = flowText ? parseFlow(flowText) : undefined;
    // the register of every scheduled object (the SAP schedule's columns), saved dynamic values included
    const assets = model
      ? await this.schedules({
          projectId,
          versionId: model.version_id,
          fileName: model.item_name,
        }).then((table) => ({
          model: model.file_name,
          columns: table.columns,
          rows: table.rows.slice(0, MAX_ASSET_ROWS),
        }))
      : undefined;
    const description = suitabilityCode(codes.suitability)?.description;
    return {
      title: `${reportTitle} - ${projectName}`,
      projectName,
      reportTitle,
      revision: codes.revision,
      suitability: description ? `${codes.suitability} – ${description}` : codes.suitability,
      date: new Date().toISOString(),
      author: user.name,
      sections: {
        projectData,
        calculations: calculationSectionsOfRuns,
        ...(flow ? { flow } : {}),
        ...(assets ? { assets } : {}),
      },
    };
  }
}

function parseFlow(text: string): ReportModel['sections']['flow'] | undefined {
  try {
    const data = JSON.parse(text) as { annual_hourly_flows?: Array<{ type: string; values: number[] }> };
    const series = (data.annual_hourly_flows ?? []).filter(
      (entry) => Array.isArray(entry.values) && entry.values.length === 24,
    );
    return series.length ? { series } : undefined;
  } catch {
    return undefined;
  }
}
