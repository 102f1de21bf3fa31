import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import type { ScheduleExportsService } from './scheduleExports.service.ts';
import { parseScheduleType, type ScheduleType } from '@penstock/shared';
import { XLSX_CONTENT_TYPE } from './workbook.ts';

/** ScheduleCategories carries the client's whole category table: allow well above busboy's 1 MB default. */
const MAX_FIELD_BYTES = 10 * 1024 * 1024;
const FIELDS = ['ProjectName', 'ScheduleType', 'ScheduleCategories', 'FileName'] as const;
type Field = (typeof FIELDS)[number];
const NEED_FIELDS =
  'Send multipart/form-data with the fields ProjectName, ScheduleType, ScheduleCategories and FileName';
const SCHEDULE_TYPES_TEXT =
  'valve_schedule, equipment_schedule, instrument_schedule, pipeline_schedule, pressure_test_schedule or sap';

/** Reads the plain multipart fields of a schedule call (file parts are skipped). */
async function readFields(request: FastifyRequest): Promise<Partial<Record<Field, string>>> {
  if (!request.isMultipart()) throw badRequest(NEED_FIELDS);
  const fields: Partial<Record<Field, string>> = {};
  await readParts(
    request,
    { fieldSize: MAX_FIELD_BYTES, files: 0, fields: 20 },
    {
      field(part) {
        const name = part.fieldname as Field;
        if (!FIELDS.includes(name) || fields[name] !== undefined) return;
        if (part.valueTruncated)
          throw new HttpError(413, `The ${name} field is larger than ${MAX_FIELD_BYTES / 1024 / 1024} MB`);
        fields[name] = typeof part.value === 'string' ? part.value : String(part.value);
      },
    },
  );
  return fields;
}

async function parseRequest(
  request: FastifyRequest,
  allowed: (type: ScheduleType) => boolean,
): Promise<{ projectName: string; fileName: string; type: ScheduleType }> {
  const fields = await readFields(request);
  const type = parseScheduleType(fields.ScheduleType);
  if (!type || !allowed(type))
    throw badRequest(
      fields.ScheduleType
        ? `Unknown ScheduleType '${fields.ScheduleType.slice(0, 100)}': expected ${SCHEDULE_TYPES_TEXT}`
        : `ScheduleType is required: ${SCHEDULE_TYPES_TEXT}`,
    );
  const projectName = (fields.ProjectName ?? '').trim();
  if (!projectName) throw badRequest('Project name not found');
  const fileName = (fields.FileName ?? '').trim();
  if (!fileName) throw badRequest('Selected File Could Not Be Found');
  if (fields.ScheduleCategories !== undefined && fields.ScheduleCategories.trim() !== '') {
    try {
      JSON.parse(fields.ScheduleCategories);
    } catch (error) {
      throw badRequest(
        `ScheduleCategories is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { projectName, fileName, type };
}

export function scheduleExportsRoutes(app: FastifyInstance, reports: ScheduleExportsService): void {
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    allowed: (t: ScheduleType) => boolean,
  ) => {
    const user = requireUser(request);
    const input = await parseRequest(request, allowed);
    const file = await reports.schedule(user, input);
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
      .header('Cache-Control', 'no-store')
      .header('X-Penstock-Item-Id', file.itemId)
      .header('X-Penstock-Version-Id', file.versionId)
      .send(file.content);
  };

  app.post('/api/getreport', (request, reply) => answer(request, reply, () => true));
  app.post('/api/getsapreport', (request, reply) => answer(request, reply, (type) => type === 'sap'));
}
