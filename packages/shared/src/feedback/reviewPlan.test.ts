import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from './feedback.ts';
import { planFeedbackReview, type StoredReviewState } from './reviewPlan.ts';

const id = (n: number) => `f.00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stored = (n: number, extra: Partial<StoredReviewState> = {}): StoredReviewState => ({
  Id: id(n),
  Feature: 'Other',
  Comment: '',
  IsFaq: false,
  IsCritical: false,
  Version: 1,
  ...extra,
});

describe("applying a reviewer's saved list", () => {
  it('changes only the rows it names and keeps the rest', () => {
    const plan = planFeedbackReview(
      [stored(1), stored(2), stored(3)],
      [{ Id: id(1), Comment: 'Fixed in 2.1', IsFaq: true }],
      [],
    );
    expect(plan.updates).toEqual([
      {
        Id: id(1),
        Feature: 'Other',
        Comment: 'Fixed in 2.1',
        IsFaq: true,
        IsCritical: false,
        fromVersion: 1,
      },
    ]);
    expect(plan.deletes).toEqual([]);
    expect(plan.notInList).toEqual([id(2), id(3)]);
  });

  it('never deletes a row because the list leaves it out (a stale whole list)', () => {
    // the list was loaded before feedback 3 was given; the reviewer removed row 2 in the spec's way
    const plan = planFeedbackReview(
      [stored(1), stored(2), stored(3)],
      [{ Id: id(1), Feature: 'Other', Comment: '', IsFaq: false, IsCritical: false }],
      [],
    );
    expect(plan.deletes).toEqual([]);
    expect(plan.unchanged).toEqual([id(1)]);
    expect(plan.notInList).toEqual([id(2), id(3)]);
  });

  it('deletes the rows named as deleted, and a row already gone is no problem', () => {
    const plan = planFeedbackReview([stored(1), stored(2)], [], [id(2), id(9), id(2)]);
    expect(plan.deletes).toEqual([id(2)]);
    expect(plan.alreadyDeleted).toEqual([id(9)]);
    expect(plan.notInList).toEqual([id(1)]);
    expect(plan.problems).toEqual([]);
  });

  it('treats a re-sent untouched row as unchanged whatever version it carries', () => {
    const plan = planFeedbackReview(
      [stored(1, { Version: 4, Comment: 'ok' })],
      [{ Id: id(1), Comment: 'ok', Version: 2 }],
      [],
    );
    expect(plan.unchanged).toEqual([id(1)]);
    expect(plan.conflicts).toEqual([]);
  });

  it('refuses a change to a row changed by someone else since it was loaded', () => {
    const plan = planFeedbackReview(
      [stored(1, { Version: 3 })],
      [{ Id: id(1), IsCritical: true, Version: 2 }],
      [],
    );
    expect(plan.conflicts).toEqual([{ Id: id(1), reason: 'changed' }]);
    expect(plan.updates).toEqual([]);
  });

  it('refuses a change to a row deleted since it was loaded', () => {
    const plan = planFeedbackReview([], [{ Id: id(1), Comment: 'answer' }], []);
    expect(plan.conflicts).toEqual([{ Id: id(1), reason: 'deleted' }]);
  });

  it('applies a change without a version (the spec client) as the last word', () => {
    const plan = planFeedbackReview(
      [stored(1, { Version: 7 })],
      [{ Id: id(1), Feature: 'Project Viewer' }],
      [],
    );
    expect(plan.updates).toMatchObject([{ Id: id(1), Feature: 'Project Viewer', fromVersion: 7 }]);
  });

  it('needs an answer for a FAQ', () => {
    const plan = planFeedbackReview([stored(1)], [{ Id: id(1), IsFaq: true }], []);
    expect(plan.problems).toEqual([expect.stringContaining(FEEDBACK_MESSAGES.faqNeedsAnswer)]);
    expect(plan.updates).toEqual([]);
  });

  it('refuses a row named twice, or both changed and deleted', () => {
    const plan = planFeedbackReview(
      [stored(1), stored(2)],
      [
        { Id: id(1), Comment: 'a' },
        { Id: id(1), Comment: 'b' },
        { Id: id(2), Comment: 'c' },
      ],
      [id(2)],
    );
    expect(plan.problems).toEqual([
      `Data names feedback ${id(1)} twice`,
      `Feedback ${id(2)} is both changed (Data) and deleted (Deleted)`,
    ]);
    expect(plan.deletes).toEqual([]);
  });
});
