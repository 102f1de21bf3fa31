import type { GlobalRole, ProjectRole } from './roles.ts';

/**
 * Pure permission rules: the server enforces them (one `requireAccess(user, resource, action)` in
 * apps/server/src/security/access.ts, called first by every service), the UI uses the same rules to show or
 * hide controls. Each action carries the one sentence a refused user reads.
 */
export interface Actor {
  id: string;
  roles: readonly GlobalRole[];
}

export const isAdministrator = (actor: Actor | null | undefined): boolean =>
  !!actor && actor.roles.includes('administrator');

const hasRole = (actor: Actor | null | undefined, role: GlobalRole): boolean =>
  !!actor && actor.roles.includes(role);

const EVERY_MEMBER: readonly ProjectRole[] = ['manager', 'member', 'viewer'];
const CONTRIBUTORS: readonly ProjectRole[] = ['manager', 'member'];
const MANAGERS: readonly ProjectRole[] = ['manager'];

interface ProjectRule {
  roles: readonly ProjectRole[];
  /** what a member without the role reads (a non-member is told the project does not exist) */
  refusal: string;
}

/** What a project role lets its holder do inside that project. */
export const PROJECT_ACTIONS = {
  read: { roles: EVERY_MEMBER, refusal: 'Not found' },
  addFolder: { roles: CONTRIBUTORS, refusal: 'Viewers cannot add folders to this project' },
  upload: { roles: CONTRIBUTORS, refusal: 'Viewers cannot upload files to this project' },
  deleteFiles: { roles: CONTRIBUTORS, refusal: 'Viewers cannot delete files from this project' },
  moveFiles: { roles: CONTRIBUTORS, refusal: 'Viewers cannot move files in this project' },
  /** Published and Archived are the record (documentControl.ts): members add there only through a workflow */
  uploadToRecord: {
    roles: MANAGERS,
    refusal:
      'Only project managers can upload into Published and Archived folders: submit the document for review instead',
  },
  moveRecordFiles: {
    roles: MANAGERS,
    refusal: 'Only project managers can move files into or out of Published and Archived folders',
  },
  deleteRecordFiles: {
    roles: MANAGERS,
    refusal: 'Only project managers can delete files in Published and Archived folders',
  },
  listDeleted: { roles: MANAGERS, refusal: 'Only project managers can see and restore deleted items' },
  restoreDeleted: { roles: MANAGERS, refusal: 'Only project managers can restore deleted items' },
  convertModel: { roles: CONTRIBUTORS, refusal: 'Viewers cannot convert models again' },
  saveProperties: { roles: CONTRIBUTORS, refusal: 'Viewers cannot save property values in this project' },
  /** locking is a manager's control of what others may still change (issue 31) */
  lockValues: { roles: MANAGERS, refusal: 'Only project managers can lock or unlock property values' },
  writeIssues: { roles: CONTRIBUTORS, refusal: 'Viewers cannot create or edit issues in this project' },
  saveMarkups: { roles: CONTRIBUTORS, refusal: 'Viewers cannot save markups in this project' },
  /** anyone who reads a markup may mark it completed; changing more needs a contributor */
  completeMarkups: { roles: EVERY_MEMBER, refusal: 'Not found' },
  editMarkups: { roles: CONTRIBUTORS, refusal: 'Viewers can only mark markups as completed in this project' },
  saveSchedules: { roles: CONTRIBUTORS, refusal: 'Viewers cannot save schedules in this project' },
  saveDsear: { roles: CONTRIBUTORS, refusal: 'Viewers cannot save the DSEAR entry of this project' },
  submitWorkflow: { roles: CONTRIBUTORS, refusal: 'Viewers cannot submit documents for review' },
  reassignWorkflow: {
    roles: MANAGERS,
    refusal: 'Only a project manager can replace reviewers and approvers',
  },
  /** a workflow's submitter withdraws their own while still a contributor; a manager withdraws anyone's */
  withdrawOwnWorkflow: { roles: CONTRIBUTORS, refusal: 'Viewers cannot withdraw workflows' },
  withdrawAnyWorkflow: {
    roles: MANAGERS,
    refusal: 'Only the submitter or a project manager can withdraw this workflow',
  },
  changeProjectData: { roles: CONTRIBUTORS, refusal: 'Viewers cannot change project data' },
  createReports: { roles: CONTRIBUTORS, refusal: 'Viewers cannot create reports in this project' },
  changeSketches: { roles: CONTRIBUTORS, refusal: 'Viewers cannot change the sketches of this project' },
  /** saved views (issue 33): contributors save views of the models for the team, as they raise issues */
  saveViews: { roles: CONTRIBUTORS, refusal: 'Viewers cannot save views in this project' },
  /** a view's author renames, updates or deletes it while still a contributor; a manager anyone's */
  changeOwnViews: { roles: CONTRIBUTORS, refusal: 'Viewers cannot change saved views in this project' },
  changeAnyViews: {
    roles: MANAGERS,
    refusal: 'Only the author of this view or a project manager can change or delete it',
  },
  /** a federated view's per-model offset and rotation (issue 33): what the team sees lined up */
  alignModels: { roles: MANAGERS, refusal: 'Only project managers can align the models of a view' },
  /** transmittals (issue 35 §3): contributors issue documents; managers edit the purposes of issue */
  issueTransmittals: { roles: CONTRIBUTORS, refusal: 'Viewers cannot issue transmittals in this project' },
  editTransmittalPurposes: {
    roles: MANAGERS,
    refusal: 'Only project managers can change the purposes of issue',
  },
  /** a transmittal's sender revokes links while a contributor; a manager any transmittal's */
  manageOwnTransmittals: { roles: CONTRIBUTORS, refusal: 'Viewers cannot manage transmittals' },
  manageAnyTransmittals: {
    roles: MANAGERS,
    refusal: 'Only the sender or a project manager can manage this transmittal',
  },
  /** the project's information standard (container names, issue 35): managers set it, members read it */
  editInfoStandard: {
    roles: MANAGERS,
    refusal: "Only project managers can change the project's information standard",
  },
  /** the delivery plan (MIDP): managers plan deliverables, members read them */
  editDeliveryPlan: { roles: MANAGERS, refusal: 'Only project managers can change the delivery plan' },
  /** information requirements (issue 36): managers say which IDS files apply where and set the gate */
  manageIds: {
    roles: MANAGERS,
    refusal: 'Only project managers can change where information requirements apply',
  },
  /** contributors may have a model checked again (after entering dynamic values, say) */
  recheckIds: { roles: CONTRIBUTORS, refusal: 'Viewers cannot check models again' },
} as const satisfies Record<string, ProjectRule>;
export type ProjectAction = keyof typeof PROJECT_ACTIONS;

export const mayInProject = (membership: ProjectRole | null | undefined, action: ProjectAction): boolean =>
  !!membership && PROJECT_ACTIONS[action].roles.includes(membership);

export const ADMINISTRATORS_ONLY = 'Only an administrator can change the training courses and roles';
export const SETTINGS_ADMIN_ONLY = 'Only an administrator can change the Supplier Zone.';
export const SDC_MANAGER_ONLY = 'Only a supplier register manager can review design competency submissions.';

interface GlobalRule {
  allowed: (actor: Actor) => boolean;
  refusal: string;
}

/** What a global role (given by an administrator) lets its holder do anywhere. */
export const GLOBAL_ACTIONS = {
  administer: { allowed: isAdministrator, refusal: 'Only administrators can do this' },
  relaxNaming: {
    allowed: isAdministrator,
    refusal: "Only an administrator can relax a project's naming check",
  },
  readAuditLog: { allowed: isAdministrator, refusal: 'Only administrators can read the audit log' },
  manageTraining: { allowed: isAdministrator, refusal: ADMINISTRATORS_ONLY },
  manageSupplierZone: { allowed: isAdministrator, refusal: SETTINGS_ADMIN_ONLY },
  reviewSupplierRegister: {
    allowed: (actor) => hasRole(actor, 'supplier_register_manager'),
    refusal: SDC_MANAGER_ONLY,
  },
  reviewFeedback: {
    allowed: (actor) => hasRole(actor, 'feedback_reviewer'),
    refusal: 'Only feedback reviewers can review feedback',
  },
} as const satisfies Record<string, GlobalRule>;
export type GlobalAction = keyof typeof GLOBAL_ACTIONS;

export const mayGlobally = (actor: Actor | null | undefined, action: GlobalAction): boolean =>
  !!actor && GLOBAL_ACTIONS[action].allowed(actor);

export const OWN_RECORD_ONLY = 'You can only read and save your own training record';

interface PersonRule {
  /** administrators may act on anyone's (lists they oversee), or only the person themselves */
  administrators: boolean;
  refusal: string;
}

/** Records and lists that belong to one person: theirs alone, or theirs and the administrators'. */
export const PERSON_ACTIONS = {
  trainingRecord: { administrators: false, refusal: OWN_RECORD_ONLY },
  listMarkups: { administrators: true, refusal: 'You can only list your own markups' },
  listWorkflows: { administrators: true, refusal: 'You can only list your own workflows' },
  listDsearApprovals: { administrators: true, refusal: 'You can only list your own pending approvals' },
  approveDsearAs: { administrators: false, refusal: 'You can only approve as yourself' },
  submitWorkflowAs: { administrators: false, refusal: 'You can only submit a workflow as yourself' },
  createReportsAs: { administrators: false, refusal: 'You can only create reports as yourself' },
  calculateAs: { administrators: false, refusal: 'You can only run calculations as yourself' },
  listTransmittals: { administrators: false, refusal: 'You can only list the transmittals you received' },
  continueUpload: { administrators: false, refusal: 'You can only continue your own uploads' },
} as const satisfies Record<string, PersonRule>;
export type PersonAction = keyof typeof PERSON_ACTIONS;

/** `personId` is the person whose record it is (a missing one means the asker's own). */
export const mayForPerson = (
  actor: Actor,
  personId: string | null | undefined,
  action: PersonAction,
): boolean =>
  !personId || personId === actor.id || (PERSON_ACTIONS[action].administrators && isAdministrator(actor));

export const canReviewFeedback = (actor: Actor | null | undefined): boolean =>
  mayGlobally(actor, 'reviewFeedback');

export const canManageSupplierRegister = (actor: Actor | null | undefined): boolean =>
  mayGlobally(actor, 'reviewSupplierRegister');

/** Answers that only the person listed on them may give (a workflow's reviewer or approver, a DSEAR line). */
export const LISTED_ACTIONS = {
  respondToReview: (name: string) => `Only ${name} can respond to this review`,
  respondToApproval: (name: string) => `Only ${name} can respond to this approval`,
  approveDsearLine: () => 'Only a listed senior design manager may approve their own line',
  answerTransmittal: (name: string) => `Only ${name} can acknowledge or respond to this transmittal`,
} as const satisfies Record<string, (name: string) => string>;
export type ListedAction = keyof typeof LISTED_ACTIONS;

/** The listed person is named by id, or by e-mail address where the list holds addresses (DSEAR lines). */
export interface Listing {
  userId?: string | null | undefined;
  email?: string | null | undefined;
}

export const mayAnswerAsListed = (actor: Actor & { email?: string }, listed: Listing): boolean =>
  (!!listed.userId && listed.userId === actor.id) ||
  (!!listed.email && !!actor.email && listed.email.trim().toLowerCase() === actor.email.trim().toLowerCase());

/** Which action managing (revoking links, reading the access log) this transmittal is for this person. */
export const manageTransmittalActionFor = (
  actor: Pick<Actor, 'id'>,
  transmittal: { senderId: string },
): 'manageOwnTransmittals' | 'manageAnyTransmittals' =>
  transmittal.senderId === actor.id ? 'manageOwnTransmittals' : 'manageAnyTransmittals';

/**
 * Which action withdrawing this workflow is for this person: their own submission, or anyone's (a
 * manager's: someone else's reviewer on leave must not stall a document forever).
 */
export const withdrawActionFor = (
  actor: Pick<Actor, 'id'>,
  workflow: { createdByUserId: string },
): 'withdrawOwnWorkflow' | 'withdrawAnyWorkflow' =>
  workflow.createdByUserId === actor.id ? 'withdrawOwnWorkflow' : 'withdrawAnyWorkflow';

/** Whether this member may withdraw the workflow (its submitter, or a project manager). */
export const mayWithdrawWorkflow = (
  actor: Pick<Actor, 'id'>,
  membership: ProjectRole | null | undefined,
  workflow: { createdByUserId: string },
): boolean =>
  mayInProject(membership, 'withdrawAnyWorkflow') ||
  mayInProject(membership, withdrawActionFor(actor, workflow));

/**
 * Which action changing (renaming, updating, deleting) this saved view is for this person: their own view,
 * or anyone's (a project manager's).
 */
export const changeViewActionFor = (
  actor: Pick<Actor, 'id'>,
  view: { createdById: string },
): 'changeOwnViews' | 'changeAnyViews' =>
  view.createdById === actor.id ? 'changeOwnViews' : 'changeAnyViews';
