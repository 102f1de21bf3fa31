import type { CdeState } from './iso19650.ts';
import { PROJECT_ACTIONS, mayInProject, type ProjectAction } from './policies.ts';
import type { ProjectRole } from './roles.ts';

/**
 * Document control (issue 31): what holds a document in place, and who may change files in the folders
 * that are the project's record. Pure rules: the server enforces them, the Workflow panel uses the same
 * functions to disable Move, Delete and Upload and to say why.
 */

/** A workflow in one of these states holds its document: no move, no delete, no new version. */
export const OPEN_WORKFLOW_STATUSES = ['In review', 'Awaiting approval'] as const;

/**
 * ISO 19650's Published (contractual) and Archived states are the record: only project managers change
 * files there by hand. Members add to them through an approved workflow or a schedule submission, which
 * the server writes itself.
 */
export const isRecordState = (state: CdeState | string | null | undefined): boolean =>
  state === 'Published' || state === 'Archived';

export type FileChange = 'upload' | 'moveFiles' | 'deleteFiles';

const RECORD_ACTIONS = {
  upload: 'uploadToRecord',
  moveFiles: 'moveRecordFiles',
  deleteFiles: 'deleteRecordFiles',
} as const satisfies Record<FileChange, ProjectAction>;

/**
 * The project action a change of files needs, given the ISO 19650 states of the folders it touches (a
 * move: the folder it leaves and the one it enters; a delete or upload: its folder).
 */
export const fileChangeAction = (
  change: FileChange,
  states: ReadonlyArray<CdeState | string | null | undefined>,
): ProjectAction => (states.some(isRecordState) ? RECORD_ACTIONS[change] : change);

/** Why this role may not make this change in folders of these states, or null when it may. */
export const fileChangeRefusal = (
  role: ProjectRole | null | undefined,
  change: FileChange,
  states: ReadonlyArray<CdeState | string | null | undefined>,
): string | null => {
  const action = fileChangeAction(change, states);
  return mayInProject(role, action) ? null : PROJECT_ACTIONS[action].refusal;
};

/** The open workflow that holds a document: who submitted it, and when (ISO time). */
export interface DocumentHold {
  submittedBy: string;
  submittedAt: string;
}

export type HeldChange = 'move' | 'delete' | 'newVersion';
const WITHDRAW_BEFORE: Record<HeldChange, string> = {
  move: 'moving it',
  delete: 'deleting it',
  newVersion: 'uploading a new version',
};

/** The 409 answer (and the panel's note) for a change to a document under review. */
export const underReviewMessage = (name: string, hold: DocumentHold, change: HeldChange): string =>
  `${name} is under review (submitted by ${hold.submittedBy} on ${hold.submittedAt.slice(0, 10)}): ` +
  `withdraw the workflow before ${WITHDRAW_BEFORE[change]}`;
