import { mayInProject, type ProjectAction, type ProjectRole } from '@penstock/shared';

// Pure (no React): the server's unit test apps/server/src/security/uiPermissions.test.ts imports this file
// to check the web app's answers against the server's AccessService and the access matrix.

/** "May I do this here?": one action of the shared table (packages/shared/src/policies.ts). */
export interface MayInProject {
  (action: ProjectAction): boolean;
  /** whether the user's role in the project is known (false while it loads, with no project or no membership) */
  readonly known: boolean;
}

/**
 * The answers for one role: exactly the server's rule. AccessService.requireAccess (apps/server/src/security/
 * access.ts) decides a project action from the member's role alone, with the shared `mayInProject`; a global
 * role (administrator, ...) gives nothing inside a project its holder is not a member of, so none is asked
 * for here. An unknown role (loading) and a non-member may nothing.
 */
export const mayAs = (role: ProjectRole | null | undefined): MayInProject =>
  Object.assign((action: ProjectAction) => mayInProject(role, action), { known: !!role });

export interface PermissionGate {
  /** the control that hides or disables (where it lives) */
  control: string;
  /** the call it makes, as the access matrix names it (apps/server/src/test/access/expectedAccess.ts) */
  route: string;
  /** the action it asks useMayInProject for: the one the server's service checks for that call */
  action: ProjectAction;
}

/**
 * Every control of the web app that hides or disables on permission, with its call and action. Tests keep
 * it true both ways: the web test finds no action asked for in the code that is missing here, and the
 * server's test checks each line against the access matrix, whose integration test checks the real server
 * (so a server rule that changes fails a test until the screen follows).
 */
export const PERMISSION_GATES: readonly PermissionGate[] = [
  {
    control: 'document register: Save standard',
    route: 'PUT /api/projects/:projectId/info-standard',
    action: 'editInfoStandard',
  },
  {
    control: 'document register: Add deliverable',
    route: 'POST /api/projects/:projectId/deliverables',
    action: 'editDeliveryPlan',
  },
  {
    control: 'document register: Import from Excel (delivery plan)',
    route: 'POST /api/projects/:projectId/deliverables/import',
    action: 'editDeliveryPlan',
  },
  {
    control: "project browser's list view: edit a file's title and description",
    route: 'PUT /api/items/:itemId/metadata',
    action: 'upload',
  },
  {
    control: 'document register: Bulk upload tab',
    route: 'POST /api/folders/:folderId/bulk-upload',
    action: 'upload',
  },
  { control: 'issues: New issue, edit and close', route: 'POST /api/issues', action: 'writeIssues' },
  { control: 'issues: edit and close', route: 'PATCH /api/issues/:id', action: 'writeIssues' },
  { control: 'issues: BCF import', route: 'POST /api/issues/bcf', action: 'writeIssues' },
  {
    control: 'projects: Deleted items',
    route: 'GET /api/projects/:projectId/deleted',
    action: 'listDeleted',
  },
  {
    control: "viewer: the Upload panel's menu item",
    route: 'POST /api/folders/:folderId/files',
    action: 'upload',
  },
  { control: 'objectEditor: lock controls', route: 'POST /api/properties/lock', action: 'lockValues' },
  { control: 'sketch: Save sketch', route: 'POST /api/savepidsketch', action: 'changeSketches' },
  { control: 'sketch: Manage saves (delete)', route: 'POST /api/deletepidsketch', action: 'changeSketches' },
  {
    control: 'sketch: History, Restore',
    route: 'POST /api/projects/:projectId/sketches/:sketchId/versions/:number/restore',
    action: 'changeSketches',
  },
  {
    control: 'sketch: Issue (into a folder, as an upload)',
    route: 'POST /api/projects/:projectId/sketches/:sketchId/issue',
    action: 'upload',
  },
  {
    control: 'transmittals: Issue transmittal (Workflow panel, project browser)',
    route: 'POST /api/projects/:projectId/transmittals',
    action: 'issueTransmittals',
  },
  { control: 'workflow: Move tab', route: 'POST /api/workflow/move', action: 'moveFiles' },
  { control: 'workflow: Delete tab', route: 'POST /api/workflow/delete', action: 'deleteFiles' },
  { control: 'workflow: Upload tab', route: 'POST /api/workflow/upload', action: 'upload' },
  {
    control: 'workflow: Replace reviewer',
    route: 'POST /api/workflow/:id/reassign',
    action: 'reassignWorkflow',
  },
  // withdrawActionFor(me, workflow) picks one of these two: the submitter's own, or anyone's
  {
    control: 'workflow: Withdraw (own)',
    route: 'POST /api/workflow/:id/withdraw',
    action: 'withdrawOwnWorkflow',
  },
  {
    control: 'workflow: Withdraw (any)',
    route: 'POST /api/workflow/:id/withdraw',
    action: 'withdrawAnyWorkflow',
  },
  {
    control: 'viewer: Save current view (Saved views panel)',
    route: 'POST /api/projects/:projectId/views',
    action: 'saveViews',
  },
  {
    control: "viewer: the Models panel's alignment (offset, rotation), saved with a view",
    route: 'POST /api/projects/:projectId/views [models aligned]',
    action: 'alignModels',
  },
  { control: 'dsear: Edit and the form', route: 'POST /api/dsear/saveOrCreate', action: 'saveDsear' },
  { control: 'dsear: Attach', route: 'POST /api/dsear/:dsearId/attachments', action: 'saveDsear' },
  {
    control: 'ids: New IDS and Edit (project browser, Information requirements), saved by upload',
    route: 'POST /api/folders/:folderId/files',
    action: 'upload',
  },
  {
    control: 'ids: Save settings (gate, dynamic values)',
    route: 'PUT /api/projects/:projectId/ids/settings',
    action: 'manageIds',
  },
  {
    control: 'ids: Change where it applies',
    route: 'PUT /api/projects/:projectId/ids/:itemId/scopes',
    action: 'manageIds',
  },
  {
    control: 'ids: Check again (Information requirements panel)',
    route: 'POST /api/projects/:projectId/ids/recheck',
    action: 'recheckIds',
  },
  {
    control: 'ids: Create issues (Information requirements panel)',
    route: 'POST /api/projects/:projectId/ids/checks/:checkId/issues',
    action: 'writeIssues',
  },
];
