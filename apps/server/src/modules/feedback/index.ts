import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { FeedbackRepo } from './feedback.repo.ts';
import { FeedbackService } from './feedback.service.ts';
import { feedbackRoutes } from './feedback.routes.ts';

export { FeedbackRepo } from './feedback.repo.ts';
export { FeedbackService } from './feedback.service.ts';

/** Feedback: getfeedback, savefeedback and savefeedbackcomment (engineering spec §7). */
export function registerFeedback(app: FastifyInstance, db: Db, access: AccessService): FeedbackService {
  const service = new FeedbackService(new FeedbackRepo(db), access);
  feedbackRoutes(app, service);
  return service;
}
