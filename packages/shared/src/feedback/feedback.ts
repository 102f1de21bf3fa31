/**
 * Feedback (engineering spec §2 'Feedback page', §3 'Feedback item', §4 'Feedback', §5, §6, §7 getfeedback,
 * savefeedback, savefeedbackcomment, §8, §9): the features, the texts, the limits, who reviews, and the
 * check of a submission. The server is the authority; the page uses the same rules before it sends.
 */
import { z } from 'zod';

/** The feature select's options, in order (the spec's 'BIM360 Docs' is Penstock's document store). */
export const FEEDBACK_FEATURES = [
  'CAD/Data Management',
  'Project Viewer',
  'Penstock Docs',
  'Standard Designs',
  'Other',
] as const;
export type FeedbackFeature = (typeof FEEDBACK_FEATURES)[number];

export const FEEDBACK_MESSAGES = {
  invalid: 'Please select a feature and ensure you have added some feedback',
  submitted: 'Feedback submitted',
  saved: 'Data Saved',
  deleteConfirm: 'Are you sure you want to delete this feedback row?',
  faqNeedsAnswer: 'A FAQ needs an answer: write the comment before marking the feedback as a FAQ',
  notReviewer: 'Only feedback reviewers can review feedback',
  staleList: 'Someone else changed or deleted this feedback since you loaded it; reload and try again',
} as const;

/** The spec delays every feedback call by 400 ms (§9). */
export const FEEDBACK_CALL_DELAY_MS = 400;

export const FEEDBACK_LIMITS = {
  /** characters of one piece of feedback */
  maxFeedbackLength: 4000,
  /** characters of a reviewer's comment (the FAQ's answer) */
  maxCommentLength: 4000,
  /** characters of the User field as sent (the server records the signed-in user instead) */
  maxUserLength: 320,
  /** rows (and deleted ids) in one savefeedbackcomment call */
  maxRowsPerSave: 2000,
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const FEEDBACK_ID_PATTERN = new RegExp(`^f\\.${UUID}$`);

/** A feedback item as getfeedback answers it (spec §3, plus when it was made and its version). */
export interface FeedbackItem {
  Id: string;
  Feature: FeedbackFeature;
  /** who gave it (their name); empty in the FAQ shown to people who are not reviewers */
  User: string;
  /** the feedback as typed: plain text, never HTML */
  Feedback: string;
  /** the reviewer's comment: the FAQ's answer */
  Comment: string;
  IsFaq: boolean;
  IsCritical: boolean;
  CreatedAt: string;
  /** goes up by one with every review change; a reviewer sends back the version they loaded */
  Version: number;
}

export const isFeedbackFeature = (value: unknown): value is FeedbackFeature =>
  typeof value === 'string' && (FEEDBACK_FEATURES as readonly string[]).includes(value);

/**
 * Text as it is stored: NUL characters dropped (PostgreSQL's text cannot hold them), line ends made \n,
 * surrounding blanks trimmed. Everything else is kept as typed and always shown as text.
 */
export function cleanFeedbackText(value: string): string {
  return value.replaceAll('\u0000', '').replace(/\r\n?/g, '\n').trim();
}

export interface FeedbackSubmission {
  Feature: FeedbackFeature;
  User: string;
  Feedback: string;
}

/**
 * A new piece of feedback checked (spec §5: a feature, a user and non-empty feedback text, otherwise the
 * spec's message): the cleaned submission, or the problem to show.
 */
export function checkFeedbackSubmission(input: {
  Feature?: unknown;
  User?: unknown;
  Feedback?: unknown;
}): { submission: FeedbackSubmission } | { problem: string } {
  const feature = typeof input.Feature === 'string' ? input.Feature.trim() : '';
  const user = typeof input.User === 'string' ? cleanFeedbackText(input.User) : '';
  const feedback = typeof input.Feedback === 'string' ? cleanFeedbackText(input.Feedback) : '';
  if (!feature || !user || !feedback) return { problem: FEEDBACK_MESSAGES.invalid };
  if (!isFeedbackFeature(feature))
    return { problem: `Feature must be one of: ${FEEDBACK_FEATURES.join(', ')}` };
  if (feedback.length > FEEDBACK_LIMITS.maxFeedbackLength)
    return { problem: `Feedback can have at most ${FEEDBACK_LIMITS.maxFeedbackLength} characters` };
  if (user.length > FEEDBACK_LIMITS.maxUserLength)
    return { problem: `User can have at most ${FEEDBACK_LIMITS.maxUserLength} characters` };
  return { submission: { Feature: feature, User: user, Feedback: feedback } };
}

const featureSchema = z.enum(FEEDBACK_FEATURES, {
  message: `Feature must be one of: ${FEEDBACK_FEATURES.join(', ')}`,
});
const flagSchema = (name: string) => z.boolean({ message: `${name} must be true or false` });

/**
 * One row of savefeedbackcomment's Data list: the row's Id and the review fields to set. A field left out
 * stays as it is; the spec's client sends whole items, whose other fields (User, Feedback) are ignored:
 * a reviewer answers feedback, never rewrites it. Version, when sent, is the version the reviewer loaded:
 * a row changed by someone else since then is refused instead of overwritten.
 */
export const FeedbackReviewRowSchema = z.looseObject({
  Id: z
    .string({ message: 'Id is required' })
    .regex(FEEDBACK_ID_PATTERN, 'Id must be a feedback id (f.<uuid>)'),
  Feature: featureSchema.optional(),
  Comment: z
    .string({ message: 'Comment must be text' })
    .nullable()
    .transform((value) => cleanFeedbackText(value ?? ''))
    .pipe(
      z
        .string()
        .max(
          FEEDBACK_LIMITS.maxCommentLength,
          `Comment can have at most ${FEEDBACK_LIMITS.maxCommentLength} characters`,
        ),
    )
    .optional(),
  IsFaq: flagSchema('IsFaq').optional(),
  IsCritical: flagSchema('IsCritical').optional(),
  Version: z.number().int().min(1).optional(),
});
export type FeedbackReviewRow = z.infer<typeof FeedbackReviewRowSchema>;

export const FeedbackReviewRowsSchema = z
  .array(FeedbackReviewRowSchema, { message: 'Data must be a JSON list of feedback rows' })
  .max(FEEDBACK_LIMITS.maxRowsPerSave, `Data can have at most ${FEEDBACK_LIMITS.maxRowsPerSave} rows`);

/** savefeedbackcomment's Deleted field: the ids of the rows the reviewer deleted (never implied by absence). */
export const FeedbackDeletedIdsSchema = z
  .array(z.string().regex(FEEDBACK_ID_PATTERN, 'Deleted must list feedback ids (f.<uuid>)'), {
    message: 'Deleted must be a JSON list of feedback ids',
  })
  .max(FEEDBACK_LIMITS.maxRowsPerSave, `Deleted can have at most ${FEEDBACK_LIMITS.maxRowsPerSave} ids`);

/** What savefeedbackcomment answers: how many rows changed, were deleted, were sent unchanged, were not named. */
export interface FeedbackSaveResult {
  updated: number;
  deleted: number;
  unchanged: number;
  /** stored rows the call did not name: kept as they are (a list without a row never deletes it) */
  notInList: number;
}
