import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  SDC_FILE_MESSAGES,
  SdcFileIdSchema,
  SdcIdSchema,
  SdcListQuerySchema,
  SdcReviewInputSchema,
  SupplierZoneSettingsSchema,
} from '@penstock/shared';
import { HttpError, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import type { FileContent, SupplierService } from './supplier.service.ts';
import type { SupplierSettingsService } from './supplierSettings.service.ts';
import { receiveSubmission } from './supplier.upload.ts';

export interface SupplierRouteOptions {
  /** savesdcdata calls one address may make per window (the form needs no sign-in) */
  submissionsPerWindow: number;
  windowMs: number;
}

/** A settings change or a review decision is a few kilobytes. */
const MAX_JSON_BYTES = 64 * 1024;

const sendFile = (reply: FastifyReply, file: FileContent, disposition: 'inline' | 'attachment') =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.fileName, disposition))
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'no-cache')
    .header('ETag', `"${file.hash}"`)
    .send(file.stream);

/**
 * The Supplier Zone's calls (engineering spec §7 savesdcdata, getsdcdata; §3 /logos/), the register
 * manager's review calls and the zone's settings (docs/api.md 'Supplier Zone').
 */
export async function supplierRoutes(
  app: FastifyInstance,
  deps: {
    service: SupplierService;
    settings: SupplierSettingsService;
    blobs: BlobStore;
    options: SupplierRouteOptions;
  },
): Promise<void> {
  const { service, settings, blobs, options } = deps;

  // signed out and open to all: limited per client address before the body is read (the server's
  // @fastify/rate-limit, registered once in http/rateLimits.ts)
  app.post(
    '/api/savesdcdata',
    {
      config: {
        rateLimit: {
          max: options.submissionsPerWindow,
          timeWindow: options.windowMs,
          errorResponseBuilder: () => new HttpError(429, SDC_FILE_MESSAGES.tooMany),
        },
      },
    },
    async (request) => service.submit(await receiveSubmission(request, blobs)),
  );

  app.get('/api/getsdcdata', async () => service.register());

  app.get('/logos/:fileName', async (request, reply) => {
    const { fileName } = request.params as { fileName: string };
    return sendFile(reply, await service.publicLogo(fileName), 'inline');
  });

  app.get('/api/supplier/submissions', async (request) => {
    const user = requireUser(request);
    const { status } = parseInput(SdcListQuerySchema, request.query);
    return service.list(user, status);
  });

  app.get('/api/supplier/submissions/:id', async (request) => {
    const user = requireUser(request);
    return service.detail(user, parseInput(SdcIdSchema, (request.params as { id: string }).id));
  });

  app.post('/api/supplier/submissions/:id/review', { bodyLimit: MAX_JSON_BYTES }, async (request) => {
    const user = requireUser(request);
    return service.review(
      user,
      () => parseInput(SdcIdSchema, (request.params as { id: string }).id),
      () => parseInput(SdcReviewInputSchema, request.body),
    );
  });

  app.get('/api/supplier/submissions/:id/logo', async (request, reply) => {
    const user = requireUser(request);
    const id = parseInput(SdcIdSchema, (request.params as { id: string }).id);
    return sendFile(reply, await service.managerLogo(user, id), 'inline');
  });

  app.get('/api/supplier/submissions/:id/files/:fileId', async (request, reply) => {
    const user = requireUser(request);
    const params = request.params as { id: string; fileId: string };
    const file = await service.attachment(
      user,
      parseInput(SdcIdSchema, params.id),
      parseInput(SdcFileIdSchema, params.fileId),
    );
    return sendFile(reply, file, 'attachment');
  });

  app.get('/api/supplier/settings', async () => settings.read());

  app.put('/api/supplier/settings', { bodyLimit: MAX_JSON_BYTES }, async (request) => {
    const user = requireUser(request);
    return settings.save(user, () => parseInput(SupplierZoneSettingsSchema, request.body));
  });
}
