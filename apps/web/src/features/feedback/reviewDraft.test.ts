import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, type FeedbackItem } from '@penstock/shared';
import { EMPTY_DRAFT, changedRows, deleteRow, draftProblems, editRow, shownRows } from './reviewDraft.ts';

const item = (n: number, extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  Id: `f.00000000-0000-4000-8000-00000000000${n}`,
  Feature: 'Other',
  User: 'Erin',
  Feedback: `Feedback ${n}`,
  Comment: '',
  IsFaq: false,
  IsCritical: false,
  CreatedAt: '2026-11-20T10:00:00.000Z',
  Version: 3,
  ...extra,
});

describe("a reviewer's unsaved changes", () => {
  const items = [item(1), item(2)];

  it('shows edits in place and leaves deleted rows out', () => {
    let draft = editRow(EMPTY_DRAFT, items[0]!, { Comment: 'Answer', IsFaq: true });
    draft = deleteRow(draft, items[1]!.Id);
    expect(shownRows(items, draft)).toEqual([{ ...items[0], Comment: 'Answer', IsFaq: true }]);
    expect(draft.deleted).toEqual([items[1]!.Id]);
  });

  it('sends only rows that differ, with the version they were loaded at', () => {
    let draft = editRow(EMPTY_DRAFT, items[0]!, { Comment: ' Answer \r\n' });
    draft = editRow(draft, items[1]!, { IsCritical: true });
    draft = editRow(draft, items[1]!, { IsCritical: false });
    // the list reloads with a newer version of row 1: the edit keeps the version it started from
    const reloaded = [item(1, { Version: 4 }), items[1]!];
    draft = editRow(draft, reloaded[0]!, { Feature: 'Project Viewer' });
    expect(changedRows(reloaded, draft)).toEqual([
      {
        Id: items[0]!.Id,
        Feature: 'Project Viewer',
        Comment: 'Answer',
        IsFaq: false,
        IsCritical: false,
        Version: 3,
      },
    ]);
  });

  it('drops the edits of a deleted row', () => {
    const draft = deleteRow(editRow(EMPTY_DRAFT, items[0]!, { Comment: 'x' }), items[0]!.Id);
    expect(changedRows(items, draft)).toEqual([]);
    expect(deleteRow(draft, items[0]!.Id).deleted).toEqual([items[0]!.Id]);
  });

  it('finds a FAQ without an answer before it is sent', () => {
    const draft = editRow(EMPTY_DRAFT, items[0]!, { IsFaq: true });
    expect(draftProblems(items, draft)).toEqual([FEEDBACK_MESSAGES.faqNeedsAnswer]);
    expect(draftProblems(items, editRow(draft, items[0]!, { Comment: 'Yes' }))).toEqual([]);
  });
});
