import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProjectIdSchema, SKETCH_MESSAGES } from '@penstock/shared';
import { badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { CONTENT_FIELDS, checked, jsonField } from './sketches.content.ts';
import { readFields } from '../../http/readFields.ts';
import { MAX_SKETCH_REQUEST_BYTES, SKETCH_REQUEST } from './sketches.request.ts';
import type { DeleteTarget, SketchesService } from './sketches.service.ts';

/** getpidsketch carries only the project. */
const MAX_LIST_REQUEST_BYTES = 64 * 1024;
/** The spec's delete sends the remaining sketches, each whole: as large as a save. */
const RemainingSketchesSchema = z.array(z.looseObject({ DrawingName: z.string() }));
const NEED_DELETE_TARGET =
  'Send DrawingName (the sketch to delete) or formData (the JSON list of the remaining sketches)';

/** The Project field: the project id ('b.<uuid>'), as every project call takes it. */
function projectIdOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(SKETCH_MESSAGES.noProjectSelected);
  return parseInput(ProjectIdSchema, value.trim());
}

/**
 * BaseUpdatedAt (Penstock's addition): absent for the spec's client (no check), '' for a sketch the user
 * believes new, else the updatedAt of the saved sketch it started from.
 */
function baseUpdatedAtOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text !== '' && (text.length > 40 || Number.isNaN(Date.parse(text))))
    throw badRequest("BaseUpdatedAt must be '' or the updatedAt of a saved sketch");
  return text;
}

/** The spec's sketch calls (engineering spec §7), multipart as the spec sends them or a JSON body. */
export function sketchesRoutes(app: FastifyInstance, service: SketchesService): void {
  app.post('/api/getpidsketch', { bodyLimit: MAX_LIST_REQUEST_BYTES }, async (request) => {
    const user = requireUser(request);
    const fields = await readFields(request, ['Project'], MAX_LIST_REQUEST_BYTES, SKETCH_REQUEST);
    return service.list(user, projectIdOf(fields.Project));
  });

  app.post('/api/savepidsketch', { bodyLimit: MAX_SKETCH_REQUEST_BYTES }, async (request) => {
    const user = requireUser(request);
    const fields = await readFields(
      request,
      ['Project', 'DrawingName', 'BaseUpdatedAt', ...CONTENT_FIELDS],
      MAX_SKETCH_REQUEST_BYTES,
      SKETCH_REQUEST,
    );
    return service.save(
      user,
      projectIdOf(fields.Project),
      fields.DrawingName,
      fields,
      baseUpdatedAtOf(fields.BaseUpdatedAt),
    );
  });

  app.post('/api/deletepidsketch', { bodyLimit: MAX_SKETCH_REQUEST_BYTES }, async (request) => {
    const user = requireUser(request);
    const fields = await readFields(
      request,
      ['Project', 'DrawingName', 'formData'],
      MAX_SKETCH_REQUEST_BYTES,
      SKETCH_REQUEST,
    );
    const projectId = projectIdOf(fields.Project);
    const name = typeof fields.DrawingName === 'string' ? fields.DrawingName.trim() : '';
    let target: DeleteTarget;
    if (name) target = { drawingName: name };
    else {
      const list = jsonField('formData', fields.formData);
      if (list === undefined) throw badRequest(NEED_DELETE_TARGET);
      const remaining = checked('formData', RemainingSketchesSchema, list);
      target = { remaining: remaining.map((sketch) => sketch.DrawingName) };
    }
    return service.delete(user, projectId, target);
  });
}
