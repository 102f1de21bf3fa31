import type {
  SdcData,
  SdcRegisterRecord,
  SdcStatus,
  SdcSubmissionDetail,
  SdcSubmissionSummary,
} from '@penstock/shared';
import type { SdcFileRow, SdcSubmissionRow } from './supplier.repo.ts';

/** The stored answers, with the date of last review once a manager has set one (spec §3). */
export function dataOf(row: SdcSubmissionRow): SdcData {
  const data = JSON.parse(row.data_json) as SdcData;
  return row.date_of_last_review ? { ...data, dateOfLastReview: row.date_of_last_review } : data;
}

/** One record of getsdcdata: Status, LogoName, Data. */
export const presentRegisterRecord = (row: SdcSubmissionRow): SdcRegisterRecord => ({
  Status: row.status as SdcStatus,
  LogoName: row.logo_name,
  Data: dataOf(row),
});

export const presentSummary = (row: SdcSubmissionRow): SdcSubmissionSummary => ({
  id: row.id,
  status: row.status as SdcStatus,
  companyName: row.company_name,
  submittedAt: row.submitted_at,
  reviewedAt: row.reviewed_at,
  reviewedBy: row.reviewer_name,
  dateOfLastReview: row.date_of_last_review,
  attachmentCount: row.file_count,
  hasLogo: !!row.logo_hash,
});

const submissionUrl = (id: string) => `/api/supplier/submissions/${encodeURIComponent(id)}`;

export const presentDetail = (row: SdcSubmissionRow, files: readonly SdcFileRow[]): SdcSubmissionDetail => ({
  ...presentSummary(row),
  data: dataOf(row),
  logo:
    row.logo_hash && row.logo_type
      ? { name: row.logo_name, contentType: row.logo_type, url: `${submissionUrl(row.id)}/logo` }
      : null,
  attachments: files.map((file) => ({
    id: file.id,
    fileName: file.file_name,
    size: Number(file.size),
    contentType: file.content_type,
    url: `${submissionUrl(row.id)}/files/${encodeURIComponent(file.id)}`,
  })),
  reviewNote: row.review_note,
});
