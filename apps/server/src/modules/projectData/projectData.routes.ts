import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ProjectIdBodySchema,
  ProjectIdSchema,
  SaveCalculationDataSchema,
  SaveProjectInputSchema,
} from '@penstock/shared';
import { badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import { stageFilePart, type StagedFile } from '../../http/stageFilePart.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { ProjectDataService } from './projectData.service.ts';
import type { FormUploads } from './formUploads.ts';
import type { ReportService } from './report/report.service.ts';

/** A form's values are small: 500 fields of text. */
const BODY_LIMIT = 2 * 1024 * 1024;
const HistoryBodySchema = z.object({ projectid: z.string().min(1), form: z.string().min(1).max(200) });
const CreateReportSchema = z.object({
  userId: z.string().max(100).optional(),
  projectid: z.string().min(1, 'projectid is required'),
  report_id: z.string().min(1, 'report_id is required').max(200),
  report_name: z.string().max(300).optional(),
  bim360_folder_id: z.string().max(300).optional(),
  fileType: z.string().max(20).nullable().optional(),
  fmejob: z.string().max(200).nullable().optional(),
  schema: z.string().max(200).nullable().optional(),
  PLM_project_id: z.string().max(200).nullable().optional(),
  /** Penstock's addition: the model whose asset register the report prints (the viewer's open model) */
  modelId: z
    .string()
    .trim()
    .max(100, 'modelId is too long')
    .regex(
      /^([iv]\.[0-9a-f-]{36})?$/,
      'modelId must be the id of a model file (i.<uuid>) or of a version (v.<uuid>)',
    )
    .optional(),
});
const RestoreBodySchema = HistoryBodySchema.extend({ id: z.string().optional(), at: z.string().optional() });

/** The spec's form calls (forms spec §7) and the form history Penstock adds. */
export function projectDataRoutes(
  app: FastifyInstance,
  deps: {
    service: ProjectDataService;
    reports: ReportService;
    uploads: FormUploads;
    files: DocumentFiles;
    maxUploadBytes: number;
  },
): void {
  const { service, reports, uploads, files, maxUploadBytes } = deps;

  app.post('/api/saveprojectinput', { bodyLimit: BODY_LIMIT }, async (request) =>
    service.save(requireUser(request), 'input', parseInput(SaveProjectInputSchema, request.body)),
  );
  app.post('/api/getprojectinput', async (request) =>
    service.inputs(requireUser(request), parseInput(ProjectIdBodySchema, request.body).projectid),
  );

  app.post('/api/savecalculationdata', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const answer = await service.saveCalculation(
      requireUser(request),
      parseInput(SaveCalculationDataSchema, request.body),
    );
    // a calculation that failed answers 422 with its reason (the run is kept with that reason)
    if (answer.run?.state === 'failed')
      return reply.status(422).send({ error: answer.run.reason, ...answer });
    return answer;
  });
  app.post('/api/getcalculationdata', async (request) =>
    service.calculationData(requireUser(request), parseInput(ProjectIdBodySchema, request.body).projectid),
  );

  for (const [path, kind] of [
    ['/api/projectinput', 'input'],
    ['/api/calculationdata', 'calculation'],
  ] as const) {
    app.post(`${path}/history`, async (request) => {
      const user = requireUser(request);
      const { projectid, form } = parseInput(HistoryBodySchema, request.body);
      return service.history(user, kind, projectid, form);
    });
    app.post(`${path}/restore`, async (request) =>
      service.restore(requireUser(request), kind, parseInput(RestoreBodySchema, request.body)),
    );
  }

  app.post('/api/createreport', { bodyLimit: 64 * 1024 }, async (request) =>
    reports.create(requireUser(request), parseInput(CreateReportSchema, request.body)),
  );

  // multipart: file, ProjectId, Key. The fields are checked before the file is kept.
  app.post('/api/uploadfile', async (request, reply) => {
    const user = requireUser(request);
    if (!request.isMultipart())
      throw badRequest("Send multipart/form-data with 'ProjectId', 'Key' and 'file'");
    const fields: Record<string, string> = {};
    let staged: StagedFile | undefined;
    let fileName = '';
    try {
      await readParts(
        request,
        { fileSize: maxUploadBytes, files: 1, fields: 10 },
        {
          field(part) {
            fields[part.fieldname] = String(part.value);
          },
          async file(part) {
            if (part.fieldname !== 'file' || staged) return;
            ({ fileName, staged } = await stageFilePart(
              part,
              (source, limit) => files.stageUpload(source, limit),
              maxUploadBytes,
            ));
          },
        },
      );
      const projectId = parseInput(ProjectIdSchema, fields.ProjectId ?? '');
      const key = fields.Key ?? '';
      if (!staged) throw badRequest("Send the file in a field named 'file'");
      const target = await uploads.target(user, projectId, key);
      await staged.commit();
      const result = await files.addFile(user, target, fileName, staged);
      // the form keeps the answer as the field's value when it is saved
      return reply.send({
        fileName,
        itemId: result.item.id,
        versionId: result.version.id,
        form: target.form,
      });
    } catch (error) {
      await staged?.discard();
      throw error;
    }
  });
}
