import { z } from 'zod';
import type { DocumentHold } from './documentControl.ts';
import { isIsoDay } from './issues.contract.ts';
import type { WorkflowIdsSummary } from './ids.contract.ts';

/**
 * Document review and approval (forms spec §3 'Workflow payloads', §4 'Workflow', §7 '/api/workflow'; hub
 * spec §2 'Personal hub', §3, §7). The spec's field names are kept; Penstock adds the ISO 19650 revision
 * and suitability, participants' names and the dated history.
 */

export const WORKFLOW_SUBMITTED = 'Workflow has been submitted';
export const WORKFLOW_UPDATED = 'Workflow has been updated';
export const FILE_MOVED = 'File has been moved';
export const FILE_DELETED = 'File has been deleted';
/** sic: the spec's text */
export const FILE_UPLOADED = 'File had been uploaded';
/** sic: the spec's text ('Approves') */
export const WORKFLOW_MISSING_FIELDS = 'Please ensure Reviewers, Approves and a Target folder is provided';
export const WORKFLOW_OPEN_MODEL_FIRST = 'Please open a model first before initiating workflows';
export const LOADING_STRUCTURE = 'Loading Structure....';
/** Spec §9: the suitability sent with a submission is fixed. */
export const CURRENT_SUITABILITY = 'Current Suitability';
/** Spec §9: the folder tree is 400 px high. */
export const FOLDER_TREE_HEIGHT_PX = 400;

export const REVIEW_DECISIONS = ['Approved', 'Rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const PARTICIPANT_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];
/** 'Withdrawn': its submitter or a project manager took it back before it ended (issue 31) */
export const WORKFLOW_STATUSES = [
  'In review',
  'Awaiting approval',
  'Approved',
  'Rejected',
  'Withdrawn',
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export type ParticipantRole = 'reviewer' | 'approver';

/**
 * The workflow's status from its people's answers: anyone rejecting rejects it; it stays in review until
 * every reviewer has answered, then awaits approval until every approver has; then it is approved.
 */
export function workflowStatus(
  reviewers: readonly ParticipantStatus[],
  approvers: readonly ParticipantStatus[],
): WorkflowStatus {
  if ([...reviewers, ...approvers].includes('Rejected')) return 'Rejected';
  if (reviewers.includes('Pending')) return 'In review';
  if (approvers.includes('Pending')) return 'Awaiting approval';
  return 'Approved';
}

/** Why this person may not decide now, or null when they may (reviewers first, then approvers, once each). */
export function decisionProblem(
  role: ParticipantRole,
  own: ParticipantStatus,
  status: WorkflowStatus,
): string | null {
  if (own !== 'Pending') return 'You have already responded to this workflow';
  if (status === 'Withdrawn') return 'This workflow has been withdrawn';
  if (status === 'Approved' || status === 'Rejected')
    return `This workflow is already ${status.toLowerCase()}`;
  if (role === 'approver' && status === 'In review')
    return 'Approvers can respond once every reviewer has responded';
  if (role === 'reviewer' && status !== 'In review') return 'The review stage of this workflow is over';
  return null;
}

/** The pickers' option value: platform id, email and full name joined by hyphens (forms spec §3). */
export const projectUserOptionValue = (user: {
  autodeskId: string;
  email: string;
  firstName: string;
  lastName: string;
}) => [user.autodeskId, user.email, `${user.firstName} ${user.lastName}`.trim()].join('-');
/** The pickers' label: the full name and the email. */
export const projectUserOptionLabel = (user: { email: string; firstName: string; lastName: string }) =>
  `${`${user.firstName} ${user.lastName}`.trim()} (${user.email})`;

/** The submit check of the Review tab (forms spec §5); no comment is required. */
export const submissionProblem = (input: {
  reviewers: readonly string[];
  approvers: readonly string[];
  uploadFolderId: string | null | undefined;
}): string | null =>
  input.reviewers.length === 0 || input.approvers.length === 0 || !input.uploadFolderId
    ? WORKFLOW_MISSING_FIELDS
    : null;

const text = (name: string, max = 500) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .max(max, `${name} is too long`);

/** Submission (the JSON in the form field formData of POST /api/workflow). */
export const WorkflowSubmissionSchema = z.object({
  projectId: text('projectId', 100).min(1, 'projectId is required'),
  documentId: text('documentId', 100).min(1, 'documentId is required'),
  createdByUserId: text('createdByUserId', 100),
  comment: z.string().max(4000, 'The comment can have at most 4000 characters').default(''),
  reviewers: z.array(z.string().max(600)).max(50, 'At most 50 reviewers').default([]),
  approvers: z.array(z.string().max(600)).max(50, 'At most 50 approvers').default([]),
  suitability: z.string().max(100).default(CURRENT_SUITABILITY),
  targetSuitability: text('targetSuitability', 10).min(1, 'Choose a target suitability'),
  documentName: text('documentName', 300).default(''),
  itemId: text('itemId', 100).min(1, 'itemId is required'),
  uploadFolderId: z.string().max(100).default(''),
  createdByEmail: z.string().max(320).default(''),
  uploadFolderName: z.string().max(300).default(''),
  projectName: z.string().max(300).default(''),
  /** Penstock's addition: the day answers are due by (YYYY-MM-DD); empty or missing means none */
  dueDate: z
    .string()
    .max(10)
    .refine((value) => value === '' || isIsoDay(value), 'The due date must be a date (YYYY-MM-DD)')
    .nullable()
    .optional(),
});
export type WorkflowSubmission = z.input<typeof WorkflowSubmissionSchema>;

/** Review or approval update (PUT /api/workflow/UpdateReviewers | UpdateApprovers, field formData). */
export const WorkflowDecisionSchema = z.object({
  id: text('id', 100).min(1, 'id is required'),
  userId: text('userId', 100),
  comment: z.string().max(4000, 'The comment can have at most 4000 characters').default(''),
  status: z.enum(REVIEW_DECISIONS, { message: "status must be 'Approved' or 'Rejected'" }),
});
export type WorkflowDecision = z.input<typeof WorkflowDecisionSchema>;

/** Upload (POST /api/workflow/upload): the file, plus formData. */
export const WorkflowUploadSchema = z.object({
  projectId: text('projectId', 100).min(1, 'projectId is required'),
  createdByUserId: z.string().max(100).default(''),
  uploadFolderId: text('uploadFolderId', 100).min(1, 'Choose a target folder'),
});
/** Move, first step (POST /api/workflow/uploadCopy). */
export const WorkflowCopySchema = z.object({
  projectId: text('projectId', 100).min(1, 'projectId is required'),
  documentId: text('documentId', 100).min(1, 'documentId is required'),
  itemId: text('itemId', 100).min(1, 'itemId is required'),
  uploadFolderId: text('uploadFolderId', 100).min(1, 'Choose a target folder'),
});
/** Delete, and the second step of a move (POST /api/workflow/delete). */
export const WorkflowDeleteSchema = z.object({
  projectId: text('projectId', 100).min(1, 'projectId is required'),
  urnId: text('urnId', 100).min(1, 'urnId is required'),
});

export const ProjectIdQuery = z.object({
  projectId: z.string({ message: 'Query parameter projectId is required' }).min(1),
});
export const UserIdQuery = z.object({
  id: z.string({ message: 'Query parameter id is required' }).min(1, 'Query parameter id is required'),
});

// ---- answers -----------------------------------------------------------------

/** A node of GET/PUT /api/workflow/structure (forms spec §3 'Folder structure node'). */
export interface StructureNode {
  Id: string;
  Name: string;
  /** 'folder' or 'file' (a type containing the word folder marks folders) */
  Type: string;
  NestedObjects: StructureNode[];
  /** files: their latest version's id, number, ISO 19650 state, revision and suitability */
  VersionId?: string;
  VersionNumber?: number;
  State?: string | null;
  Revision?: string;
  Suitability?: string;
  /** files: the open workflow that holds it (no move, delete or new version until it closes) */
  Hold?: DocumentHold | null;
}
export interface WorkflowStructure extends StructureNode {
  lastUpdated: string;
}
export const isFolderNode = (node: Pick<StructureNode, 'Type'>) => /folder/i.test(node.Type);

export interface WorkflowParticipant {
  /** the review id (reviewers) or approval id (approvers) */
  id: string;
  userId: string;
  email: string;
  name: string;
  status: ParticipantStatus;
  comment: string;
  decidedAt: string | null;
}

export interface WorkflowEvent {
  at: string;
  userId: string | null;
  userName: string;
  /** submitted, reviewed, approved, rejected, published */
  action: string;
  comment: string;
}

/** A workflow as the hub lists it and GET /api/workflow?id= answers (hub spec §3). */
export interface HubWorkflow {
  id: string;
  projectid: string;
  projectId: string;
  projectName: string;
  documentId: string;
  itemId: string;
  documentName: string;
  /** the submitted version's revision and suitability */
  revision: string;
  suitability: string;
  uploadFolderId: string;
  uploadFolderName: string;
  targetFolder: string;
  targetSuitability: string;
  createdDate: string;
  createdByUserId: string;
  createdByName: string;
  createdByEmail: string;
  comment: string;
  status: WorkflowStatus;
  reviewers: WorkflowParticipant[];
  approvers: WorkflowParticipant[];
  /** the asking user's pending review or approval id in this workflow, when they have one */
  reviewId?: string;
  approvalId?: string;
  /** once approved: the version published into the target folder */
  publishedVersionId: string | null;
  publishedRevision: string | null;
  /** the day answers are due by (YYYY-MM-DD), or null */
  dueDate: string | null;
  /** still open after its due day */
  overdue: boolean;
}
export interface WorkflowDetail extends HubWorkflow {
  history: WorkflowEvent[];
  /** issue 36: the submitted model version's information requirements check (null for other documents) */
  idsCheck?: WorkflowIdsSummary | null;
}

/** A markup as the hub lists it (hub spec §3 'Hub markup') and GET /api/markup?id= answers. */
export interface HubMarkup {
  id: string;
  title: string;
  projectId: string;
  projectName: string;
  documentId: string;
  itemId: string;
  documentName: string;
  createdDate: string;
  createdByName: string;
  createdFor: string;
  actioned: boolean;
}

/** GET /api/hub/counts: the header's count of the signed-in user's pending work. */
export interface PendingCounts {
  pendingReview: number;
  pendingApproval: number;
  markups: number;
  dsear: number;
  total: number;
}

/** A deleted item a project manager can restore (GET /api/projects/<id>/deleted). */
export interface DeletedItem {
  itemId: string;
  name: string;
  folderId: string;
  folderPath: string;
  deletedAt: string;
  deletedBy: string;
}

// ---- hub column filters --------------------------------------------------------

/**
 * Per-column text filters of the hub tables: every non-empty filter must be a case-insensitive substring of
 * its column's text (the spec's search that could never match capitals is not repeated here).
 */
export function filterRows<T>(
  rows: readonly T[],
  filters: Readonly<Record<string, string>>,
  columnText: (row: T, column: string) => string,
): T[] {
  const active = Object.entries(filters)
    .map(([column, value]) => [column, value.trim().toLowerCase()] as const)
    .filter(([, value]) => value !== '');
  if (!active.length) return [...rows];
  return rows.filter((row) =>
    active.every(([column, value]) => columnText(row, column).toLowerCase().includes(value)),
  );
}
