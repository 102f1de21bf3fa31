/**
 * How a reviewer's saved list is applied to the stored feedback (savefeedbackcomment). The spec's page
 * sends the whole reviewed list and deleted rows are simply missing from it; applied as a replacement, a
 * list loaded before someone gave new feedback (or another reviewer's save) would wipe that work. So a list
 * only changes the rows it names, and a row is deleted only when the call names it as deleted.
 */
import { FEEDBACK_MESSAGES, type FeedbackFeature, type FeedbackReviewRow } from './feedback.ts';

/** The review fields of a stored row, with its version. */
export interface StoredReviewState {
  Id: string;
  Feature: FeedbackFeature;
  Comment: string;
  IsFaq: boolean;
  IsCritical: boolean;
  Version: number;
}

export interface ReviewUpdate {
  Id: string;
  Feature: FeedbackFeature;
  Comment: string;
  IsFaq: boolean;
  IsCritical: boolean;
  /** the stored version the update replaces (the write checks it is still that one) */
  fromVersion: number;
}

export interface ReviewConflict {
  Id: string;
  reason: 'deleted' | 'changed';
}

export interface ReviewPlan {
  updates: ReviewUpdate[];
  /** named as deleted and still stored */
  deletes: string[];
  /** named as deleted but already gone: nothing to do */
  alreadyDeleted: string[];
  /** named, with nothing different from what is stored */
  unchanged: string[];
  /** stored rows the call names neither way: kept as they are */
  notInList: string[];
  /** rows whose change cannot be applied to what is stored now: nothing is saved */
  conflicts: ReviewConflict[];
  /** mistakes in the call itself: nothing is saved */
  problems: string[];
}

const sameReview = (a: Omit<StoredReviewState, 'Version' | 'Id'>, b: typeof a) =>
  a.Feature === b.Feature && a.Comment === b.Comment && a.IsFaq === b.IsFaq && a.IsCritical === b.IsCritical;

/**
 * The plan for `rows` (the changes, by Id) and `deleted` (ids) against `stored`. A row equal to what is
 * stored is a no-op whatever version it carries, so re-sending an untouched row never conflicts; a changed
 * row conflicts when its row is gone or when it carries a Version other than the stored one.
 */
export function planFeedbackReview(
  stored: readonly StoredReviewState[],
  rows: readonly FeedbackReviewRow[],
  deleted: readonly string[],
): ReviewPlan {
  const byId = new Map(stored.map((row) => [row.Id, row]));
  const plan: ReviewPlan = {
    updates: [],
    deletes: [],
    alreadyDeleted: [],
    unchanged: [],
    notInList: [],
    conflicts: [],
    problems: [],
  };
  const named = new Set<string>();
  const deleting = new Set(deleted);

  for (const row of rows) {
    if (named.has(row.Id)) {
      plan.problems.push(`Data names feedback ${row.Id} twice`);
      continue;
    }
    named.add(row.Id);
    if (deleting.has(row.Id)) {
      plan.problems.push(`Feedback ${row.Id} is both changed (Data) and deleted (Deleted)`);
      continue;
    }
    const current = byId.get(row.Id);
    if (!current) {
      plan.conflicts.push({ Id: row.Id, reason: 'deleted' });
      continue;
    }
    const next = {
      Feature: row.Feature ?? current.Feature,
      Comment: row.Comment ?? current.Comment,
      IsFaq: row.IsFaq ?? current.IsFaq,
      IsCritical: row.IsCritical ?? current.IsCritical,
    };
    if (sameReview(next, current)) {
      plan.unchanged.push(row.Id);
      continue;
    }
    if (row.Version !== undefined && row.Version !== current.Version) {
      plan.conflicts.push({ Id: row.Id, reason: 'changed' });
      continue;
    }
    if (next.IsFaq && !next.Comment) {
      plan.problems.push(`${FEEDBACK_MESSAGES.faqNeedsAnswer} (feedback ${row.Id})`);
      continue;
    }
    plan.updates.push({ Id: row.Id, ...next, fromVersion: current.Version });
  }

  for (const id of new Set(deleted)) {
    if (named.has(id)) continue;
    if (byId.has(id)) plan.deletes.push(id);
    else plan.alreadyDeleted.push(id);
  }
  for (const row of stored) if (!named.has(row.Id) && !deleting.has(row.Id)) plan.notInList.push(row.Id);
  return plan;
}
