import crypto from 'node:crypto';
import {
  FEEDBACK_MESSAGES,
  checkFeedbackSubmission,
  isFeedbackFeature,
  planFeedbackReview,
  type CurrentUser,
  type FeedbackItem,
  type FeedbackReviewRow,
  type FeedbackSaveResult,
  type StoredReviewState,
} from '@penstock/shared';
import { badRequest, conflict } from '../../http/errors.ts';
import { EVERYWHERE, type AccessService } from '../../security/access.ts';
import type { FeedbackRepo } from './feedback.repo.ts';
import { presentFeedback } from './feedback.presenter.ts';

/**
 * Feedback (engineering spec §2, §4, §6, §7): everyone signed in gives feedback and reads the FAQ; holders
 * of the feedback_reviewer role read every item and review them (flags, comment, feature, deletion).
 */
export class FeedbackService {
  constructor(
    private readonly repo: FeedbackRepo,
    private readonly access: AccessService,
  ) {}

  /** getfeedback: every item for a reviewer; the FAQ (flagged items, without who asked) for anyone else. */
  async list(user: CurrentUser): Promise<FeedbackItem[]> {
    const reviewer = this.access.allowsGlobally(user, 'reviewFeedback');
    const rows = await this.repo.list({ faqOnly: !reviewer });
    return rows.map((row) => presentFeedback(row, reviewer));
  }

  /**
   * savefeedback: a new item from the signed-in user. The User field is checked as the spec's page does,
   * but the item records who is signed in, so nobody gives feedback in another's name.
   */
  async submit(
    user: CurrentUser,
    input: { Feature?: unknown; User?: unknown; Feedback?: unknown },
  ): Promise<FeedbackItem> {
    const checked = checkFeedbackSubmission({ ...input, User: input.User ?? user.name });
    if ('problem' in checked) throw badRequest(checked.problem);
    const id = `f.${crypto.randomUUID()}`;
    const at = new Date().toISOString();
    await this.repo.insert({
      id,
      feature: checked.submission.Feature,
      feedback: checked.submission.Feedback,
      user_id: user.id,
      user_name: user.name,
      created_at: at,
      updated_at: at,
    });
    const row = await this.repo.find(id);
    if (!row) throw new Error(`feedback ${id} was not stored`);
    return presentFeedback(row, true);
  }

  /**
   * savefeedbackcomment: the reviewer's changes, row by row (planFeedbackReview). Only the rows named
   * change; a row is deleted only when `deleted` names it. In one transaction: a mistake (400) or a row
   * someone else changed or deleted meanwhile (409) saves nothing.
   */
  async review(
    user: CurrentUser,
    rows: readonly FeedbackReviewRow[],
    deleted: readonly string[],
  ): Promise<FeedbackSaveResult> {
    await this.requireReviewer(user);
    return this.repo.transaction(async (repo) => {
      const named = [...new Set([...rows.map((row) => row.Id), ...deleted])];
      const stored: StoredReviewState[] = (await repo.reviewStates(named)).map((row) => ({
        Id: row.id,
        Feature: isFeedbackFeature(row.feature) ? row.feature : 'Other',
        Comment: row.comment,
        IsFaq: row.is_faq === 1,
        IsCritical: row.is_critical === 1,
        Version: Number(row.version),
      }));
      const plan = planFeedbackReview(stored, rows, deleted);
      if (plan.problems.length) throw badRequest(plan.problems.join('; '));
      if (plan.conflicts.length)
        throw conflict(`${FEEDBACK_MESSAGES.staleList} (${plan.conflicts.map((c) => c.Id).join(', ')})`);

      const at = new Date().toISOString();
      for (const update of plan.updates) {
        const written = await repo.applyReview({
          id: update.Id,
          feature: update.Feature,
          comment: update.Comment,
          is_faq: update.IsFaq ? 1 : 0,
          is_critical: update.IsCritical ? 1 : 0,
          fromVersion: update.fromVersion,
          updated_at: at,
          updated_by: user.id,
        });
        // another save wrote the row between the read and this write
        if (!written) throw conflict(`${FEEDBACK_MESSAGES.staleList} (${update.Id})`);
      }
      await repo.delete(plan.deletes);
      return {
        updated: plan.updates.length,
        deleted: plan.deletes.length,
        unchanged: plan.unchanged.length,
        notInList: await repo.countExcept(named),
      };
    });
  }

  requireReviewer(user: CurrentUser): Promise<void> {
    return this.access.requireAccess(user, EVERYWHERE, 'reviewFeedback');
  }
}
