import {
  cleanFeedbackText,
  planFeedbackReview,
  type FeedbackItem,
  type FeedbackReviewRow,
} from '@penstock/shared';

export type ReviewFields = Pick<FeedbackItem, 'Feature' | 'Comment' | 'IsFaq' | 'IsCritical'>;

/**
 * A reviewer's unsaved work on the Review Feedback table: the fields changed per row (with the version the
 * row had when it was first edited, so a save over someone else's newer change is refused) and the rows
 * deleted. Nothing is sent until Save; then only these rows travel, never the whole list.
 */
export interface ReviewDraft {
  edits: Record<string, Partial<ReviewFields> & { Version: number }>;
  deleted: string[];
}

export const EMPTY_DRAFT: ReviewDraft = { edits: {}, deleted: [] };

export function editRow(draft: ReviewDraft, item: FeedbackItem, change: Partial<ReviewFields>): ReviewDraft {
  const previous = draft.edits[item.Id];
  return {
    ...draft,
    edits: {
      ...draft.edits,
      [item.Id]: { ...previous, ...change, Version: previous?.Version ?? item.Version },
    },
  };
}

export function deleteRow(draft: ReviewDraft, id: string): ReviewDraft {
  const { [id]: _dropped, ...edits } = draft.edits;
  return { edits, deleted: draft.deleted.includes(id) ? draft.deleted : [...draft.deleted, id] };
}

/** The rows as the table shows them: the loaded items with the draft's changes, deleted rows left out. */
export function shownRows(items: readonly FeedbackItem[], draft: ReviewDraft): FeedbackItem[] {
  const deleted = new Set(draft.deleted);
  return items
    .filter((item) => !deleted.has(item.Id))
    .map((item) => {
      const edit = draft.edits[item.Id];
      if (!edit) return item;
      const { Version: _loadedAt, ...fields } = edit;
      return { ...item, ...fields };
    });
}

/** The rows to send: every edited row whose fields differ from what was loaded, with its loaded version. */
export function changedRows(items: readonly FeedbackItem[], draft: ReviewDraft): FeedbackReviewRow[] {
  const byId = new Map(items.map((item) => [item.Id, item]));
  const rows: FeedbackReviewRow[] = [];
  for (const [Id, edit] of Object.entries(draft.edits)) {
    const item = byId.get(Id);
    const row: FeedbackReviewRow = {
      Id,
      Feature: edit.Feature ?? item?.Feature,
      Comment: cleanFeedbackText(edit.Comment ?? item?.Comment ?? ''),
      IsFaq: edit.IsFaq ?? item?.IsFaq,
      IsCritical: edit.IsCritical ?? item?.IsCritical,
      Version: edit.Version,
    };
    const same =
      item &&
      row.Feature === item.Feature &&
      row.Comment === item.Comment &&
      row.IsFaq === item.IsFaq &&
      row.IsCritical === item.IsCritical;
    if (!same) rows.push(row);
  }
  return rows;
}

/** What is wrong with the draft before it is sent (the server's own rule, e.g. a FAQ without an answer). */
export function draftProblems(items: readonly FeedbackItem[], draft: ReviewDraft): string[] {
  const stored = items.map(({ Id, Feature, Comment, IsFaq, IsCritical, Version }) => ({
    Id,
    Feature,
    Comment,
    IsFaq,
    IsCritical,
    Version,
  }));
  const problems = planFeedbackReview(stored, changedRows(items, draft), draft.deleted).problems;
  // the page names no ids: one line per kind of problem
  return [...new Set(problems.map((problem) => problem.replace(/ \(feedback f\.[^)]*\)$/, '')))];
}
