import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_FEATURES,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  FeedbackDeletedIdsSchema,
  FeedbackReviewRowSchema,
  checkFeedbackSubmission,
  cleanFeedbackText,
} from './feedback.ts';
import { canReviewFeedback } from '../policies.ts';

const ID = 'f.11111111-1111-4111-8111-111111111111';

describe('feedback submission (spec §5)', () => {
  it('accepts a feature, a user and feedback, cleaned', () => {
    expect(
      checkFeedbackSubmission({
        Feature: 'Project Viewer',
        User: ' Erin ',
        Feedback: '  Pins\r\nare slow \u0000',
      }),
    ).toEqual({ submission: { Feature: 'Project Viewer', User: 'Erin', Feedback: 'Pins\nare slow' } });
  });

  it.each([
    [{ Feature: '', User: 'Erin', Feedback: 'text' }],
    [{ User: 'Erin', Feedback: 'text' }],
    [{ Feature: 'Other', User: '', Feedback: 'text' }],
    [{ Feature: 'Other', User: 'Erin', Feedback: '   \n ' }],
    [{ Feature: 'Other', User: 'Erin' }],
    [{ Feature: 'Other', User: 'Erin', Feedback: 42 }],
  ])('refuses %j with the spec message', (input) => {
    expect(checkFeedbackSubmission(input)).toEqual({ problem: FEEDBACK_MESSAGES.invalid });
  });

  it('offers the five features and refuses any other', () => {
    expect(FEEDBACK_FEATURES).toEqual([
      'CAD/Data Management',
      'Project Viewer',
      'Penstock Docs',
      'Standard Designs',
      'Other',
    ]);
    expect(checkFeedbackSubmission({ Feature: 'BIM360', User: 'Erin', Feedback: 'x' })).toEqual({
      problem: expect.stringContaining('Feature must be one of'),
    });
  });

  it('refuses feedback over the length limit', () => {
    const long = 'a'.repeat(FEEDBACK_LIMITS.maxFeedbackLength + 1);
    expect(checkFeedbackSubmission({ Feature: 'Other', User: 'Erin', Feedback: long })).toEqual({
      problem: expect.stringContaining(`at most ${FEEDBACK_LIMITS.maxFeedbackLength}`),
    });
  });

  it('keeps markup as text', () => {
    expect(cleanFeedbackText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('feedback review rows', () => {
  it('takes a whole item as the spec sends it, keeping only review fields meaningful', () => {
    const row = FeedbackReviewRowSchema.parse({
      Id: ID,
      Feature: 'Other',
      User: 'Erin',
      Feedback: 'text',
      Comment: null,
      IsFaq: false,
      IsCritical: true,
    });
    expect(row).toMatchObject({ Id: ID, Feature: 'Other', Comment: '', IsFaq: false, IsCritical: true });
  });

  it('leaves out what is not sent', () => {
    expect(FeedbackReviewRowSchema.parse({ Id: ID, IsFaq: true })).toEqual({ Id: ID, IsFaq: true });
  });

  it.each([
    [{ Id: 'nope' }, 'Id must be a feedback id'],
    [{ Id: ID, Feature: 'BIM360' }, 'Feature must be one of'],
    [{ Id: ID, IsFaq: 'yes' }, 'IsFaq must be true or false'],
    [{ Id: ID, Comment: 'a'.repeat(FEEDBACK_LIMITS.maxCommentLength + 1) }, 'Comment can have at most'],
  ])('refuses %j', (row, message) => {
    const result = FeedbackReviewRowSchema.safeParse(row);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('takes deleted ids only as feedback ids', () => {
    expect(FeedbackDeletedIdsSchema.parse([ID])).toEqual([ID]);
    expect(FeedbackDeletedIdsSchema.safeParse(['1']).success).toBe(false);
  });
});

describe('who reviews feedback', () => {
  it('is the feedback_reviewer role, not an administrator as such', () => {
    expect(canReviewFeedback({ id: 'u', roles: ['feedback_reviewer'] })).toBe(true);
    expect(canReviewFeedback({ id: 'u', roles: ['administrator'] })).toBe(false);
    expect(canReviewFeedback(null)).toBe(false);
  });
});
