import type { FastifyInstance } from 'fastify';
import {
  DsearApproveSchema,
  DsearEntryInputSchema,
  DsearGetSchema,
  DsearPendingQuerySchema,
} from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { readFormData } from '../../http/formData.ts';
import { requireUser } from '../../http/session.ts';
import type { DsearService } from './dsear.service.ts';

/** A register entry is a few kilobytes; this leaves room and refuses anything absurd. */
const MAX_FORM_DATA_BYTES = 1024 * 1024;
export function dsearRoutes(app: FastifyInstance, dsear: DsearService): void {
  app.get('/api/dsear', async (request) => dsear.list(requireUser(request)));

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
