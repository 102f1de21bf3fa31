import {
  FEEDBACK_CALL_DELAY_MS,
  type FeedbackItem,
  type FeedbackReviewRow,
  type FeedbackSaveResult,
  type FeedbackSubmission,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

export const feedbackKey = ['feedback'] as const;

/** The spec delays every feedback call by 400 ms (§9). */
const afterDelay = <T>(call: () => Promise<T>): Promise<T> =>
  new Promise((resolve) => setTimeout(resolve, FEEDBACK_CALL_DELAY_MS)).then(call);

/** POST /api/getfeedback: every item for a reviewer, the FAQ for anyone else. */
export const fetchFeedback = (): Promise<FeedbackItem[]> =>
  afterDelay(() => apiFetch<FeedbackItem[]>('/api/getfeedback', { method: 'POST' }));

/** POST /api/savefeedback: Feature, User and Feedback, each JSON-encoded, as multipart (spec §7). */
export function submitFeedback(submission: FeedbackSubmission): Promise<FeedbackItem> {
  const form = new FormData();
  form.append('Feature', JSON.stringify(submission.Feature));
  form.append('User', JSON.stringify(submission.User));
  form.append('Feedback', JSON.stringify(submission.Feedback));
  return afterDelay(() => apiFetch<FeedbackItem>('/api/savefeedback', { method: 'POST', form }));
}

/**
 * POST /api/savefeedbackcomment: Data, the JSON list of the changed rows (each with the version it was
 * loaded at), and Deleted, the ids of the rows the reviewer deleted. Rows left out are kept as they are.
 */
export function saveReview(rows: FeedbackReviewRow[], deleted: string[]): Promise<FeedbackSaveResult> {
  const form = new FormData();
  form.append('Data', JSON.stringify(rows));
  form.append('Deleted', JSON.stringify(deleted));
  return afterDelay(() => apiFetch<FeedbackSaveResult>('/api/savefeedbackcomment', { method: 'POST', form }));
}
