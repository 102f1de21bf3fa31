import type { FastifyInstance } from 'fastify';
import { FeedbackDeletedIdsSchema, FeedbackReviewRowsSchema } from '@penstock/shared';
import { requireUser } from '../../http/session.ts';
import { fieldsAreText, readFields } from '../../http/readFields.ts';
import { FEEDBACK_REQUEST, decodedText, jsonFieldOf } from './feedback.request.ts';
import type { FeedbackService } from './feedback.service.ts';

/** getfeedback carries nothing; savefeedback one piece of feedback. */
const MAX_SMALL_REQUEST_BYTES = 64 * 1024;
/** savefeedbackcomment: the spec's page sends the whole reviewed list. */
const MAX_REVIEW_REQUEST_BYTES = 8 * 1024 * 1024;

/** The spec's feedback calls (engineering spec §7), multipart as the spec sends them, or a JSON body. */
export function feedbackRoutes(app: FastifyInstance, service: FeedbackService): void {
  app.post('/api/getfeedback', { bodyLimit: MAX_SMALL_REQUEST_BYTES }, async (request) => {
    const user = requireUser(request);
    // the payload is not shown in the spec: whatever is sent is read and dropped
    await readFields(request, [], MAX_SMALL_REQUEST_BYTES, FEEDBACK_REQUEST);
    return service.list(user);
  });

  app.post('/api/savefeedback', { bodyLimit: MAX_SMALL_REQUEST_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    const fields = await readFields(
      request,
      ['Feature', 'User', 'Feedback'],
      MAX_SMALL_REQUEST_BYTES,
      FEEDBACK_REQUEST,
    );
    const raw = fieldsAreText(request);
    const item = await service.submit(user, {
      Feature: decodedText(fields.Feature, raw),
      User: decodedText(fields.User, raw),
      Feedback: decodedText(fields.Feedback, raw),
    });
    return reply.status(201).send(item);
  });

  app.post('/api/savefeedbackcomment', { bodyLimit: MAX_REVIEW_REQUEST_BYTES }, async (request) => {
    const user = requireUser(request);
    // refused before the list is read: a non-reviewer learns nothing about what they sent
    await service.requireReviewer(user);
    const fields = await readFields(request, ['Data', 'Deleted'], MAX_REVIEW_REQUEST_BYTES, FEEDBACK_REQUEST);
    const rows = jsonFieldOf('Data', fields.Data, FeedbackReviewRowsSchema, []);
    const deleted = jsonFieldOf('Deleted', fields.Deleted, FeedbackDeletedIdsSchema, []);
    return service.review(user, rows, deleted);
  });
}
