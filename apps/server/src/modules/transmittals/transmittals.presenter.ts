import type {
  RecipientStatus,
  ResponseDecision,
  TransmittalRecipient,
  TransmittalSummary,
} from '@penstock/shared';
import type { RecipientRow, TransmittalListRow } from './transmittals.repo.ts';

export function recipientStatus(row: RecipientRow): RecipientStatus {
  if (row.responded_at) return 'Responded';
  if (row.token_revoked_at) return 'Revoked';
  if (row.acknowledged_at) return 'Acknowledged';
  return 'Sent';
}

export function presentRecipient(row: RecipientRow): TransmittalRecipient {
  return {
    id: row.id,
    kind: row.kind === 'outside' ? 'outside' : 'member',
    name: row.name,
    email: row.email,
    status: recipientStatus(row),
    acknowledgedAt: row.acknowledged_at,
    respondedAt: row.responded_at,
    decision: (row.decision as ResponseDecision | null) ?? null,
    comment: row.comment,
    attachmentName: row.attachment_name,
    linkExpiresAt: row.token_expires_at,
    linkRevoked: !!row.token_revoked_at,
  };
}

export function presentSummary(
  row: TransmittalListRow,
  recipients: readonly RecipientRow[],
  documentCount: number,
  userId: string,
): TransmittalSummary {
  const mine = recipients.find((r) => r.user_id === userId);
  const asks = !!row.asks_response;
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    number: row.number,
    purpose: row.purpose,
    asksResponse: asks,
    dueDate: row.due_date,
    sender: { id: row.sender_id, name: row.sender_name },
    issuedAt: row.issued_at,
    documentCount,
    recipientCount: recipients.length,
    acknowledgedCount: recipients.filter((r) => r.acknowledged_at).length,
    respondedCount: recipients.filter((r) => r.responded_at).length,
    outstanding: asks ? recipients.filter((r) => !r.responded_at && !r.token_revoked_at).length : 0,
    myStatus: mine ? recipientStatus(mine) : null,
  };
}
