import type { HubWorkflow, PendingCounts } from '@penstock/shared';

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

/** The Document cell: name, revision and suitability, e.g. 'RWTW-PID-0101.pdf · P01 · S2'. */
export const workflowDocumentText = (w: Pick<HubWorkflow, 'documentName' | 'revision' | 'suitability'>) =>
  joined(w.documentName, w.revision, w.suitability);

/** The Target Folder cell: the folder and the target suitability. */
export const workflowTargetText = (
  w: Pick<HubWorkflow, 'uploadFolderName' | 'targetFolder' | 'targetSuitability'>,
) => joined(w.uploadFolderName || w.targetFolder, w.targetSuitability);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The header bell's label, e.g. '3 items waiting for you: 1 review, 1 approval, 1 markup'. */
export function pendingCountsLabel(counts: PendingCounts | undefined): string {
  if (!counts) return 'Personal hub';
  if (counts.total <= 0) return 'Personal hub: nothing is waiting for you';
  const parts = [
    counts.pendingReview > 0 && plural(counts.pendingReview, 'review'),
    counts.pendingApproval > 0 && plural(counts.pendingApproval, 'approval'),
    counts.markups > 0 && plural(counts.markups, 'markup'),
    counts.dsear > 0 && plural(counts.dsear, 'DSEAR approval'),
  ].filter(Boolean);
  const head = `${plural(counts.total, 'item')} waiting for you`;
  return parts.length ? `${head}: ${parts.join(', ')}` : head;
}
