import type { FastifyInstance } from 'fastify';
import {
  DSEAR_EXPORT_FILE_NAME,
  DSEAR_EXPORT_URL,
  DsearApproveSchema,
  DsearEntryInputSchema,
  DsearExportQuerySchema,
  DsearGetSchema,
  DsearPendingQuerySchema,
} from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { readFormData } from '../../http/formData.ts';
import { requireUser } from '../../http/session.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { XLSX_CONTENT_TYPE } from '../scheduleExports/index.ts';
import type { DsearService } from './dsear.service.ts';
import { requireSessionAsker } from '../auth/index.ts';

/** A register entry is a few kilobytes; this leaves room and refuses anything absurd. */
const MAX_FORM_DATA_BYTES = 1024 * 1024;
export function dsearRoutes(app: FastifyInstance, dsear: DsearService): void {
  // the session is read in the service's own query (one round trip: issue 38)
  app.get('/api/dsear', { config: { sessionInQuery: true } }, async (request) =>
    dsear.register(requireSessionAsker(request)),
  );

  // the register's filters as query parameters; the answer is the workbook of the rows they keep
  app.get(DSEAR_EXPORT_URL, async (request, reply) => {
    const user = requireUser(request);
    const filters = parseInput(DsearExportQuerySchema, request.query);
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', contentDisposition(DSEAR_EXPORT_FILE_NAME, 'attachment'))
      .header('Cache-Control', 'private, no-store')
      .send(await dsear.exportRegister(user, filters));
  });

  app.get('/api/dsear/people', async (request) => {
    requireUser(request);
    return dsear.people();
  });

  app.get('/api/dsear/pendingApproval', async (request) => {
    const user = requireUser(request);
    const { email } = parseInput(DsearPendingQuerySchema, request.query);
    return dsear.pendingApproval(user, email);
  });

  app.post('/api/dsear/get', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    const { projectName } = await readFormData(request, DsearGetSchema, MAX_FORM_DATA_BYTES);
    // 'One entry or empty': JSON null when the project has no entry yet
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await dsear.get(user, projectName)));
  });

  app.post('/api/dsear/saveOrCreate', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return dsear.saveOrCreate(user, await readFormData(request, DsearEntryInputSchema, MAX_FORM_DATA_BYTES));
  });

  app.post('/api/dsear/approve', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    const { dsearId, email } = await readFormData(request, DsearApproveSchema, MAX_FORM_DATA_BYTES);
    return dsear.approve(user, dsearId, email);
  });
}
