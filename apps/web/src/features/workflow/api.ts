import {
  formatDate,
  cdeStateOfTopFolder,
  isFolderNode,
  WORKFLOW_OPEN_MODEL_FIRST,
  type CdeState,
  type HubWorkflow,
  type StructureNode,
  type WorkflowDecision,
  type WorkflowDetail,
  type WorkflowReassign,
  type WorkflowStructure,
  type WorkflowSubmission,
} from '@penstock/shared';
import { apiFetch, apiSend } from '../../base/api.ts';
import type { PendingReview } from '../../base/store.tsx';

/** The calls of the Workflow panel and the Complete Review dialog (forms spec §7 '/api/workflow'). */

export const structureKey = (projectId: string) => ['workflowStructure', projectId] as const;
const structureUrl = (projectId: string) =>
  `/api/workflow/structure?projectId=${encodeURIComponent(projectId)}`;

/** A multipart body whose field formData holds the JSON (sent first: the server reads it before a file). */
const formDataOf = (value: unknown, file?: File): FormData => {
  const form = new FormData();
  form.append('formData', JSON.stringify(value));
  if (file) form.append('file', file, file.name);
  return form;
};

/** GET /api/workflow/structure: the project's folders and files. */
export const fetchStructure = (projectId: string): Promise<WorkflowStructure> =>
  apiFetch<WorkflowStructure>(structureUrl(projectId));

/** PUT /api/workflow/structure: the structure read again (Refresh Data). */
export const refreshStructure = (projectId: string): Promise<WorkflowStructure> =>
  apiFetch<WorkflowStructure>(structureUrl(projectId), { method: 'PUT' });

/** POST /api/workflow: submit the document for review. */
export const submitWorkflow = (submission: WorkflowSubmission): Promise<HubWorkflow> =>
  apiFetch<HubWorkflow>('/api/workflow', { method: 'POST', form: formDataOf(submission) });

export interface WorkflowUploadFields {
  projectId: string;
  createdByUserId: string;
  uploadFolderId: string;
}
/** POST /api/workflow/upload: formData first, then the file. */
export const uploadFile = async (fields: WorkflowUploadFields, file: File): Promise<void> => {
  await apiSend('/api/workflow/upload', { method: 'POST', form: formDataOf(fields, file) });
};

export interface MoveFields {
  projectId: string;
  documentId: string;
  itemId: string;
  uploadFolderId: string;
}
/** POST /api/workflow/delete: the item (urnId) is deleted. */
export const deleteFile = async (projectId: string, urnId: string): Promise<void> => {
  await apiSend('/api/workflow/delete', { method: 'POST', form: formDataOf({ projectId, urnId }) });
};
/**
 * POST /api/workflow/move: the item itself moves, with every version, issue, markup and workflow (issue 31).
 * The spec's two steps (uploadCopy, then delete) made a new item with only the current version, and could
 * stop half way; the server keeps uploadCopy for copies.
 */
export const moveFile = async (fields: MoveFields): Promise<void> => {
  await apiSend('/api/workflow/move', { method: 'POST', form: formDataOf(fields) });
};

export type DecisionKind = 'review' | 'approval';
/** PUT /api/workflow/UpdateReviewers (a review id) or UpdateApprovers (an approval id). */
export const updateDecision = async (kind: DecisionKind, decision: WorkflowDecision): Promise<void> => {
  const path = kind === 'review' ? 'UpdateReviewers' : 'UpdateApprovers';
  await apiSend(`/api/workflow/${path}`, { method: 'PUT', form: formDataOf(decision) });
};

/**
 * The document's open workflow, as the signed-in user sees it (their pending review or approval id). Its key
 * starts with 'hub' so that every change that refreshes the hub's lists refreshes it too.
 */
export const documentWorkflowKey = (projectId: string, itemId: string) =>
  ['hub', 'documentWorkflow', projectId, itemId] as const;
/** GET /api/workflow/document?projectId=&itemId= */
export const fetchDocumentWorkflow = (projectId: string, itemId: string) =>
  apiFetch<{ workflow: WorkflowDetail | null }>(
    `/api/workflow/document?projectId=${encodeURIComponent(projectId)}&itemId=${encodeURIComponent(itemId)}`,
  );
/** POST /api/workflow/{id}/withdraw {reason} */
export const withdrawWorkflow = (id: string, reason: string) =>
  apiFetch<WorkflowDetail>(`/api/workflow/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    json: { reason },
  });
/** POST /api/workflow/{id}/reassign {from, to} */
export const reassignWorkflow = (id: string, change: WorkflowReassign) =>
  apiFetch<WorkflowDetail>(`/api/workflow/${encodeURIComponent(id)}/reassign`, {
    method: 'POST',
    json: change,
  });

// ---- pure helpers -------------------------------------------------------------

/** Why the Workflow panel may not open (forms spec §5): it needs an open, loaded document. */
export const workflowOpenProblem = (
  document: { versionId: string; projectId: string } | null | undefined,
): string | null => (document?.versionId && document.projectId ? null : WORKFLOW_OPEN_MODEL_FIRST);

/** The nodes from the top folder down to the node with this id (the project root left out); [] if absent. */
export function pathTo(root: StructureNode, id: string): StructureNode[] {
  for (const child of root.NestedObjects ?? []) {
    if (child.Id === id) return [child];
    const below = pathTo(child, id);
    if (below.length) return [child, ...below];
  }
  return [];
}

export interface TargetFolder {
  id: string;
  /** 'Published/Drawings' */
  path: string;
  /** the ISO 19650 state of its top folder */
  state: CdeState | null;
}

/** The picked folder's path and state, or null when it is not (or no longer) in the structure. */
export function targetFolderOf(root: StructureNode | undefined, id: string | null): TargetFolder | null {
  if (!root || !id) return null;
  const path = pathTo(root, id);
  const node = path[path.length - 1];
  if (!node || !isFolderNode(node)) return null;
  return {
    id,
    path: path.map((entry) => entry.Name).join('/'),
    state: cdeStateOfTopFolder(path[0]?.Name),
  };
}

/** The file node of a document (its latest version id or its item id). */
export function findDocument(
  root: StructureNode | undefined,
  versionId: string,
  itemId: string | undefined,
): StructureNode | null {
  if (!root) return null;
  for (const child of root.NestedObjects ?? []) {
    if (!isFolderNode(child) && (child.VersionId === versionId || (itemId && child.Id === itemId)))
      return child;
    const found = findDocument(child, versionId, itemId);
    if (found) return found;
  }
  return null;
}

/** 'Last updated 23/11/2026 21:40' (local time); '' for a missing or unreadable time. */
export function formatLastUpdated(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return `Last updated ${formatDate(iso, 'date-time')}`;
}

export interface PendingDecision {
  kind: DecisionKind;
  /** the review or approval id */
  id: string;
  /** the toolbar button's text */
  label: 'Review' | 'Approve';
}

/**
 * The Review and Approve buttons of a document (forms spec §2): only while the user has a pending review
 * or approval id and the document shown is that very document (its version, or its item).
 */
export function pendingDecisionsFor(
  pending: Pick<PendingReview, 'documentId' | 'itemId' | 'reviewId' | 'approvalId'> | null | undefined,
  document: { versionId: string; itemId?: string | undefined },
): PendingDecision[] {
  if (!pending) return [];
  const same =
    pending.documentId === document.versionId || (!!document.itemId && pending.itemId === document.itemId);
  if (!same) return [];
  const decisions: PendingDecision[] = [];
  if (pending.reviewId) decisions.push({ kind: 'review', id: pending.reviewId, label: 'Review' });
  if (pending.approvalId) decisions.push({ kind: 'approval', id: pending.approvalId, label: 'Approve' });
  return decisions;
}
