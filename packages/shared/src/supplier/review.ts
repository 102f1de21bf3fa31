/**
 * The supplier register manager's review of submissions (beyond the spec: the spec lists only approved
 * records and shows no way to approve one). Only holders of the global role supplier_register_manager
 * read submissions and decide on them; the server enforces it.
 */
import { z } from 'zod';
import { SDC_STATUSES, type SdcStatus } from './register.ts';
import { isRealDate, type SdcData } from './submission.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const SDC_ID_PATTERN = new RegExp(`^sdc\\.${UUID}$`);
export const SDC_FILE_ID_PATTERN = new RegExp(`^sdf\\.${UUID}$`);

export const SDC_REJECT_NEEDS_NOTE = 'Give the reason for rejecting this submission in the note.';
export const SDC_APPROVE_NEEDS_REVIEW_DATE = 'Give the date of the last design review to approve.';

export interface SdcSubmissionSummary {
  id: string;
  status: SdcStatus;
  companyName: string;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  dateOfLastReview: string | null;
  attachmentCount: number;
  hasLogo: boolean;
}

export interface SdcAttachment {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  /** the manager's download address */
  url: string;
}

export interface SdcSubmissionDetail extends SdcSubmissionSummary {
  data: SdcData;
  logo: { name: string; contentType: string; url: string } | null;
  attachments: SdcAttachment[];
  reviewNote: string;
}

export const SdcIdSchema = z.string().regex(SDC_ID_PATTERN, 'is not a submission id');
export const SdcFileIdSchema = z.string().regex(SDC_FILE_ID_PATTERN, 'is not a file id');

export const SdcListQuerySchema = z.object({ status: z.enum(SDC_STATUSES).optional() });

/** A decision: approve (with the date of the last design review), reject (with a reason) or reopen. */
export const SdcReviewInputSchema = z
  .object({
    status: z.enum(SDC_STATUSES),
    note: z.string().max(2000).default(''),
    dateOfLastReview: z
      .string()
      .default('')
      .refine((value) => value === '' || isRealDate(value), 'must be a date written yyyy-mm-dd'),
  })
  .superRefine((input, context) => {
    if (input.status === 'Rejected' && input.note.trim() === '')
      context.addIssue({ code: 'custom', path: ['note'], message: SDC_REJECT_NEEDS_NOTE });
    if (input.status === 'Approved' && input.dateOfLastReview === '')
      context.addIssue({
        code: 'custom',
        path: ['dateOfLastReview'],
        message: SDC_APPROVE_NEEDS_REVIEW_DATE,
      });
  });
export type SdcReviewInput = z.infer<typeof SdcReviewInputSchema>;
