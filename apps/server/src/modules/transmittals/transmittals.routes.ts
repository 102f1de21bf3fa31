import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IssueTransmittalBodySchema,
  ProjectIdSchema,
  PurposesBodySchema,
  RecipientIdSchema,
  ResponseFieldsSchema,
  TransmittalIdSchema,
  VERSION_ID_PATTERN,
} from '@penstock/shared';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { notFound, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import { stageFilePart } from '../../http/stageFilePart.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { sendStoredFile } from '../documents/index.ts';
import type { ResponseInput } from './responses.ts';
import type { SharedLinksService } from './sharedLinks.service.ts';
import type { TransmittalsService } from './transmittals.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A response's multipart fields 'decision' and 'comment' and optional file 'attachment', read after access. */
function responseReader(request: FastifyRequest, blobs: BlobStore, maxUploadBytes: number) {
  return async (): Promise<ResponseInput> => {
    if (!request.isMultipart()) {
      const fields = parseInput(ResponseFieldsSchema, request.body ?? {});
      return { ...fields, attachment: null };
    }
    const fields: Record<string, string> = {};
    let attachment: ResponseInput['attachment'] = null;
    try {
      await readParts(
        request,
        { fieldSize: 64 * 1024, fields: 10, files: 1, fileSize: maxUploadBytes },
        {
          field(part) {
            fields[part.fieldname] = String(part.value);
          },
          async file(part) {
            if (part.fieldname !== 'attachment') return;
            const { fileName, staged } = await stageFilePart(
              part,
              (s, l) => blobs.stage(s, l),
              maxUploadBytes,
            );
            attachment = { fileName, staged };
          },
        },
      );
      return { ...parseInput(ResponseFieldsSchema, fields), attachment };
    } catch (error) {
      await (attachment as ResponseInput['attachment'])?.staged.discard();
      throw error;
    }
  };
}

const visitOf = (request: FastifyRequest) => ({ address: request.ip });
const versionIdOf = (value: string) => {
  if (!VERSION_ID_PATTERN.test(value)) throw notFound();
  return value;
};

export function transmittalsRoutes(
  app: FastifyInstance,
  transmittals: TransmittalsService,
  shared: SharedLinksService,
  options: { blobs: BlobStore; maxUploadBytes: number },
): void {
  const { blobs, maxUploadBytes } = options;
  // ---- signed in: a project's purposes, register and issue
  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/transmittal-purposes',
    async (request) =>
      transmittals.purposes(requireUser(request), parseInput(ProjectIdSchema, request.params.projectId)),
  );
  app.put<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/transmittal-purposes',
    async (request) =>
      transmittals.savePurposes(
        requireUser(request),
        parseInput(ProjectIdSchema, request.params.projectId),
        () => parseInput(PurposesBodySchema, request.body),
      ),
  );
  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId/transmittals', async (request) => {
    const { all: _all, ...register } = await transmittals.register(
      requireUser(request),
      parseInput(ProjectIdSchema, request.params.projectId),
    );
    return { ...register, all: _all };
  });
  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/transmittals/register.xlsx',
    async (request, reply) => {
      const file = await transmittals.registerXlsx(
        requireUser(request),
        parseInput(ProjectIdSchema, request.params.projectId),
      );
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
        .header('Cache-Control', 'no-store')
        .send(file.content);
    },
  );
  app.post<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/transmittals',
    async (request, reply) => {
      const user = requireUser(request);
      const projectId = parseInput(ProjectIdSchema, request.params.projectId);
      const result = await transmittals.issue(user, projectId, () =>
        parseInput(IssueTransmittalBodySchema, request.body),
      );
      return reply.status(201).send(result);
    },
  );
  app.get('/api/me/transmittals', async (request) => transmittals.mine(requireUser(request)));

  // ---- signed in: one transmittal
  app.get<{ Params: { id: string } }>('/api/transmittals/:id', async (request) =>
    transmittals.get(requireUser(request), parseInput(TransmittalIdSchema, request.params.id)),
  );
  app.post<{ Params: { id: string } }>('/api/transmittals/:id/acknowledge', async (request) =>
    transmittals.acknowledge(requireUser(request), parseInput(TransmittalIdSchema, request.params.id)),
  );
  app.post<{ Params: { id: string } }>(
    '/api/transmittals/:id/response',
    { bodyLimit: maxUploadBytes + 1024 * 1024 },
    async (request) =>
      transmittals.respond(
        requireUser(request),
        parseInput(TransmittalIdSchema, request.params.id),
        responseReader(request, blobs, maxUploadBytes),
      ),
  );
  app.get<{ Params: { id: string; recipientId: string } }>(
    '/api/transmittals/:id/recipients/:recipientId/attachment',
    async (request, reply) => {
      const file = await transmittals.attachment(
        requireUser(request),
        parseInput(TransmittalIdSchema, request.params.id),
        parseInput(RecipientIdSchema, request.params.recipientId),
      );
      return sendStoredFile(
        reply,
        {
          content_type: 'application/octet-stream',
          file_name: file.fileName,
          blob_hash: file.hash,
          size: file.size,
        },
        file.stream,
        true,
      );
    },
  );
  app.post<{ Params: { id: string; recipientId: string } }>(
    '/api/transmittals/:id/recipients/:recipientId/revoke',
    async (request) =>
      transmittals.revoke(
        requireUser(request),
        parseInput(TransmittalIdSchema, request.params.id),
        parseInput(RecipientIdSchema, request.params.recipientId),
      ),
  );
  app.get<{ Params: { id: string } }>('/api/transmittals/:id/access-log', async (request) =>
    transmittals.accessLog(requireUser(request), parseInput(TransmittalIdSchema, request.params.id)),
  );

  // ---- outside recipients: the link's token is the only credential (no session is read)
  app.get<{ Params: { token: string } }>('/api/shared/transmittals/:token', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return shared.view(request.params.token, visitOf(request));
  });
  app.get<{ Params: { token: string; versionId: string } }>(
    '/api/shared/transmittals/:token/files/:versionId',
    async (request, reply) => {
      const { version, stream } = await shared.file(
        request.params.token,
        versionIdOf(request.params.versionId),
        visitOf(request),
      );
      reply.header('Referrer-Policy', 'no-referrer');
      return sendStoredFile(reply, version, stream, true).header('Cache-Control', 'no-store');
    },
  );
  app.get<{ Params: { token: string } }>('/api/shared/transmittals/:token/zip', async (request, reply) => {
    const { fileName, stream } = await shared.zip(request.params.token, visitOf(request));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(stream);
  });
  app.post<{ Params: { token: string } }>('/api/shared/transmittals/:token/acknowledge', async (request) =>
    shared.acknowledge(request.params.token, visitOf(request)),
  );
  app.post<{ Params: { token: string } }>(
    '/api/shared/transmittals/:token/response',
    { bodyLimit: maxUploadBytes + 1024 * 1024 },
    async (request) =>
      shared.respond(request.params.token, responseReader(request, blobs, maxUploadBytes), visitOf(request)),
  );
}
