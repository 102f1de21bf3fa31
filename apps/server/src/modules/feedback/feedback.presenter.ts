import { isFeedbackFeature, type FeedbackItem } from '@penstock/shared';
import type { FeedbackRow } from './feedback.repo.ts';

/**
 * A stored row as getfeedback answers it, under the spec's field names. `withUser` is for reviewers: the
 * FAQ everyone reads does not say who asked.
 */
export function presentFeedback(row: FeedbackRow, withUser: boolean): FeedbackItem {
  return {
    Id: row.id,
    Feature: isFeedbackFeature(row.feature) ? row.feature : 'Other',
    User: withUser ? (row.current_user_name ?? row.user_name) : '',
    Feedback: row.feedback,
    Comment: row.comment,
    IsFaq: row.is_faq === 1,
    IsCritical: row.is_critical === 1,
    CreatedAt: row.created_at,
    Version: Number(row.version),
  };
}
