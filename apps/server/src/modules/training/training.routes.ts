import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  TrainingCourseInputSchema,
  TrainingRecordRequestSchema,
  TrainingRoleInputSchema,
  TrainingRoleUpdateSchema,
  TrainingTagSchema,
  TrainingUserRecordSchema,
} from '@penstock/shared';
import { HttpError, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { readRecordJson } from './training.request.ts';
import type { TrainingService } from './training.service.ts';
import { receiveMaterial } from './training.upload.ts';
import type { TrainingAdminService } from './trainingAdmin.service.ts';

/** A record is every course twice at most (a few hundred bytes each): 4 MB is far beyond any real one. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

export interface TrainingRouteDeps {
  training: TrainingService;
  admin: TrainingAdminService;
  blobs: BlobStore;
  maxUploadBytes: number;
}

/** The byte range asked for ('bytes=a-b', 'bytes=a-', 'bytes=-n'): one range, or null for the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === ''))
    throw new HttpError(416, 'Only one byte range is served');
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) throw new HttpError(416, 'The byte range is outside the file');
  return { start, end };
}

/** The training page's calls (engineering spec §7) and Penstock's training administration. */
export function trainingRoutes(app: FastifyInstance, deps: TrainingRouteDeps): void {
  const { training, admin } = deps;
  const administrator = async (request: FastifyRequest) => {
    const user = requireUser(request);
    await admin.requireAdministrator(user);
    return user;
  };
  const param = (request: FastifyRequest, name: string) =>
    (request.params as Record<string, string>)[name] ?? '';

  app.get('/api/training/gettrainingcontent', async (request) => {
    requireUser(request);
    return training.content();
  });

  app.post('/api/training/getuserrecord', { bodyLimit: MAX_RECORD_BYTES }, async (request) => {
    const user = requireUser(request);
    const { userId } = await readRecordJson(request, TrainingRecordRequestSchema, MAX_RECORD_BYTES);
    return training.getRecord(user, userId);
  });

  app.post('/api/training/saveuserrecord', { bodyLimit: MAX_RECORD_BYTES }, async (request) => {
    const user = requireUser(request);
    return training.saveRecord(
      user,
      await readRecordJson(request, TrainingUserRecordSchema, MAX_RECORD_BYTES),
    );
  });

  // the training material folder: a course's PDF or mp4, inline, with byte ranges (video players seek)
  app.get('/api/training/material/:tag', async (request, reply: FastifyReply) => {
    const user = requireUser(request);
    const tag = parseInput(TrainingTagSchema, param(request, 'tag'));
    const material = await training.material(user, tag);
    const etag = `"${material.course.material_hash}"`;
    reply
      .header('Content-Type', material.type)
      .header('Content-Disposition', contentDisposition(material.course.material_name ?? `${tag}`, 'inline'))
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=0, must-revalidate')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    let range: { start: number; end: number } | null;
    try {
      range = byteRange(request.headers.range, material.size);
    } catch (error) {
      reply.header('Content-Range', `bytes */${material.size}`);
      throw error;
    }
    if (!range)
      return reply
        .header('Content-Length', String(material.size))
        .send(deps.blobs.createReadStream(material.hash));
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${material.size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(deps.blobs.createReadStream(material.hash, range));
  });

  // ---- administration ----------------------------------------------------------------------------

  app.get('/api/training/admin/roles', async (request) => admin.roles(await administrator(request)));

  app.post('/api/training/admin/roles', async (request, reply) => {
    const user = await administrator(request);
    return reply
      .status(201)
      .send(await admin.createRole(user, parseInput(TrainingRoleInputSchema, request.body)));
  });

  app.put('/api/training/admin/roles/:roleName', async (request) => {
    const user = await administrator(request);
    return admin.updateRole(
      user,
      param(request, 'roleName'),
      parseInput(TrainingRoleUpdateSchema, request.body),
    );
  });

  app.get('/api/training/admin/courses', async (request) => admin.courses(await administrator(request)));

  app.post('/api/training/admin/courses', async (request, reply) => {
    const user = await administrator(request);
    return reply
      .status(201)
      .send(await admin.createCourse(user, parseInput(TrainingCourseInputSchema, request.body)));
  });

  app.put('/api/training/admin/courses/:id', async (request) => {
    const user = await administrator(request);
    return admin.updateCourse(
      user,
      param(request, 'id'),
      parseInput(TrainingCourseInputSchema, request.body),
    );
  });

  app.put('/api/training/admin/courses/:id/material', async (request) => {
    // refused before a byte of the upload is stored
    const user = await administrator(request);
    const received = await receiveMaterial(request, deps.blobs, deps.maxUploadBytes);
    return admin.setMaterial(user, param(request, 'id'), received);
  });
}
