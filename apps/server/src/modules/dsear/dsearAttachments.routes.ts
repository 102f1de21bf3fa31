import type { FastifyInstance } from 'fastify';
import { DsearAttachmentItemParamsSchema, DsearAttachmentParamsSchema } from '@penstock/shared';
import { badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import { stageFilePart, type StagedFile } from '../../http/stageFilePart.ts';
import { sendStoredFile } from '../documents/index.ts';
import type { DsearAttachmentsService } from './dsearAttachments.service.ts';

const SEND_FILE = "Send the file as multipart/form-data in a field named 'file'";

/** A DSEAR entry's attachments: attach a file (multipart 'file'), list them, open one. */
export function dsearAttachmentsRoutes(
  app: FastifyInstance,
  attachments: DsearAttachmentsService,
  maxUploadBytes: number,
): void {
  app.post('/api/dsear/:dsearId/attachments', async (request, reply) => {
    const user = requireUser(request);
    const { dsearId } = parseInput(DsearAttachmentParamsSchema, request.params);
    // the right to attach is checked before the body is read: a refused upload stores nothing
    const target = await attachments.target(user, dsearId);
    if (!request.isMultipart()) throw badRequest(SEND_FILE);
    let staged: StagedFile | undefined;
    try {
      let fileName = '';
      await readParts(
        request,
        { fileSize: maxUploadBytes, files: 1, fields: 5 },
        {
          async file(part) {
            if (part.fieldname !== 'file' || staged) return;
            ({ fileName, staged } = await stageFilePart(
              part,
              (source, limit) => attachments.stage(source, limit),
              maxUploadBytes,
            ));
          },
        },
      );
      if (!staged) throw badRequest(SEND_FILE);
      if (staged.size === 0) throw badRequest('The file is empty');
      await staged.commit();
      return reply.status(201).send(await attachments.attach(user, target, fileName, staged));
    } catch (error) {
      await staged?.discard();
      throw error;
    }
  });

  app.get('/api/dsear/:dsearId/attachments', async (request) => {
    const user = requireUser(request);
    const { dsearId } = parseInput(DsearAttachmentParamsSchema, request.params);
    return attachments.list(user, dsearId);
  });

  app.get('/api/dsear/:dsearId/attachments/:itemId/content', async (request, reply) => {
    const user = requireUser(request);
    const { dsearId, itemId } = parseInput(DsearAttachmentItemParamsSchema, request.params);
    const { version, stream } = await attachments.content(user, dsearId, itemId);
    // the same headers as the document store's content: a file never runs as the site's own page
    return sendStoredFile(reply, version, stream, (request.query as { download?: string }).download === '1');
  });
}
