import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  RESUMABLE_UPLOADS_PATH,
  ResumableUploadIdSchema,
  ResumableUploadLengthSchema,
  ResumableUploadMetadataSchema,
} from '@penstock/shared';
import { badRequest, notFound, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { cleanFileName } from '../documents/index.ts';
import type { ResumableUploadsService } from './resumableUploads.service.ts';
import { acceptUploadBytes, readUploadMetadata, sendTusResponse, tusRequest } from './tusProtocol.ts';

/** No call here takes a JSON or form body: the bytes of a PATCH are streamed, not parsed. */
const NO_BODY = 1024;

const uploadId = (request: FastifyRequest): string => {
  const parsed = ResumableUploadIdSchema.safeParse((request.params as { id?: string }).id);
  if (!parsed.success) throw notFound('No such upload');
  return parsed.data;
};

/**
 * The tus 1.0 endpoint (docs/api.md): POST creates an upload (Upload-Length, Upload-Metadata with folderId
 * and filename), HEAD tells its offset, PATCH adds bytes at the offset, DELETE cancels it; GET (Penstock's)
 * says what became of it. Registered in a scope of their own, where PATCH bodies are left unread.
 */
export async function resumableUploadsRoutes(
  app: FastifyInstance,
  uploads: ResumableUploadsService,
): Promise<void> {
  await app.register(async (scope) => {
    acceptUploadBytes(scope);
    const path = RESUMABLE_UPLOADS_PATH;

    scope.post(path, { bodyLimit: NO_BODY }, async (request, reply) => {
      const user = requireUser(request);
      const metadata = readUploadMetadata(request.headers['upload-metadata']);
      if (!metadata) throw badRequest('Upload-Metadata must name the folderId and the filename');
      const { folderId } = parseInput(ResumableUploadMetadataSchema.pick({ folderId: true }), metadata);
      const input = () => {
        const { filename } = parseInput(ResumableUploadMetadataSchema, metadata);
        const size = parseInput(ResumableUploadLengthSchema, request.headers['upload-length']);
        return { fileName: cleanFileName(filename), size };
      };
      return sendTusResponse(reply, await uploads.create(user, folderId, input, tusRequest(request)));
    });

    // before GET, whose automatic HEAD route it replaces
    scope.head(`${path}/:id`, async (request, reply) => {
      const user = requireUser(request);
      return sendTusResponse(reply, await uploads.continue(user, uploadId(request), tusRequest(request)));
    });
    for (const method of ['PATCH', 'DELETE'] as const)
      scope.route({
        method,
        url: `${path}/:id`,
        bodyLimit: NO_BODY,
        handler: async (request, reply) => {
          const user = requireUser(request);
          return sendTusResponse(reply, await uploads.continue(user, uploadId(request), tusRequest(request)));
        },
      });

    scope.get(`${path}/:id`, async (request) => {
      const user = requireUser(request);
      return uploads.status(user, uploadId(request));
    });
  });
}
