import { COLUMNS, type AccessFixture, type Column } from './accessFixture.ts';

/**
 * Who may make each call, as the access matrix checks it (issue 16): per route, the columns whose valid
 * request must succeed. Every other column must be refused: 401 with no session, 403 or 404 when signed in
 * (never 2xx, never 400). Every route the server registers must be here: a new endpoint without a line fails
 * the matrix until someone says who may call it.
 *
 * Sources: the spec's roles and permissions (§6 of each document) and docs/api.md, which states the server's
 * rules route by route. The global-role columns are not members of the project, so they show what the role
 * alone gives.
 */
export interface Rule {
  /** the columns whose request succeeds */
  allow: readonly Column[];
  /** the statuses that mean success, when not 2xx (a sign-in form redirects) */
  ok?: readonly number[];
  /** why, in a few words: shown in the failure message */
  why: string;
  /** a transmittal link's route: the token in the URL is the credential, refused callers get 404 */
  link?: boolean;
}

const EVERYONE = COLUMNS;
const SIGNED_IN = COLUMNS.filter((column) => column !== 'anonymous' && column !== 'outsideRecipient');
/** the members of the fixture's project, of any role */
const PROJECT: readonly Column[] = ['viewer', 'member', 'manager', 'workflowReviewer', 'workflowApprover'];
/** the members who add and change things: viewers only read */
const EDITORS: readonly Column[] = ['member', 'manager', 'workflowReviewer', 'workflowApprover'];
const ADMIN: readonly Column[] = ['administrator'];

const rule = (allow: readonly Column[], why: string, ok?: readonly number[]): Rule => ({
  allow,
  why,
  ...(ok ? { ok } : {}),
});
const open = (why: string) => rule(EVERYONE, why);
const signedIn = (why: string) => rule(SIGNED_IN, why);
const read = (why: string) => rule(PROJECT, `project members read ${why}`);
const edit = (why: string) => rule(EDITORS, `members and managers ${why}; viewers only read`);
/** a transmittal link's route: only the outside recipient holding the live token; 404 to everyone else */
const link = (why: string): Rule => ({
  allow: ['outsideRecipient'],
  why: `outside link: ${why}`,
  link: true,
});
const admin = (why: string) => rule(ADMIN, `administrators only: ${why}`);
/** the personal hub's lists: the matrix asks for the project member's own list */
const ownList = (why: string) =>
  rule(['member', 'administrator'], `${why}: the user's own list, or an administrator`);

export const ACCESS: Record<string, Rule> = {
  // ---- accounts and sign-in: open
  'POST /api/auth/signin': open('anyone signs in with the right password'),
  'GET /api/auth/signin-url': open('the sign-in address'),
  'GET /api/auth/methods': open('the ways to sign in the sign-in page offers'),
  'GET /auth/signin': open('the sign-in page'),
  'POST /auth/signin': rule(EVERYONE, 'the sign-in form redirects on success', [303]),
  'GET /auth/signed-out': open('the signed-out page'),
  'GET /api/user/logoff': open('signing out ends whatever session there is'),
  'GET /api/user': signedIn('the signed-in user'),
  'GET /api/health': open('whether the server serves: for load balancers, it says nothing of projects'),

  // ---- administration
  'GET /api/admin/users': admin('users'),
  'POST /api/admin/users': admin('users'),
  'PATCH /api/admin/users/:id': admin('users'),
  'POST /api/admin/users/:id/password': admin('passwords'),
  'GET /api/admin/projects': admin('projects'),
  'POST /api/admin/projects': admin('projects'),
  'PUT /api/admin/projects/:projectId/members': admin('members'),
  'DELETE /api/admin/projects/:projectId/members/:userId': admin('members'),
  'GET /api/admin/audit': admin('the audit log'),

  // ---- configuration: open
  'GET /config/:file': open('configuration files need no credentials'),
  'GET /config/reports/:projectId/reports_config.json': open('report configuration needs no credentials'),

  // ---- document store
  'GET /api/tree': read('the tree'),
  'POST /api/folders/:folderId/folders': edit('add folders'),
  'POST /api/folders/:folderId/files': edit('upload'),
  'GET /api/projects/:projectId/deleted': rule(['manager'], 'project managers see deleted items'),
  'POST /api/items/:itemId/restore': rule(['manager'], 'project managers restore deleted items'),
  'GET /api/items/:itemId/versions': read('versions'),
  'GET /api/items/:itemId/content': read('files'),
  'GET /api/versions/:versionId/content': read('files'),
  // ---- resumable uploads (tus 1.0, issue 35 §4): the fixture's upload is the member's
  'POST /api/uploads': edit('start resumable uploads'),
  'GET /api/uploads/:id': rule(['member'], 'a resumable upload is read by its own user only'),
  'PATCH /api/uploads/:id': rule(['member'], 'only its own user adds bytes to a resumable upload'),
  'DELETE /api/uploads/:id': rule(['member'], 'only its own user cancels a resumable upload'),

  // ---- models
  'GET /api/models/:versionId': read('models'),
  'GET /api/models/:versionId/fragments': read('models'),
  'GET /api/models/:versionId/items': read('models'),
  'GET /api/models/:versionId/objects': read('models'),
  'GET /api/models/:versionId/objects/:localId': read('models'),
  'GET /api/models/:versionId/objects/:localId/properties': read('models'),
  'GET /api/models/:versionId/records': read('models'),
  'GET /api/models/:versionId/tree': read('models'),
  'GET /api/models/:versionId/property-names': read('models'),
  'GET /api/models/:versionId/property-values': read('models'),
  'POST /api/models/:versionId/reconvert': edit('convert models again'),

  // ---- property values
  'POST /api/getdynamic': read('property values'),
  'POST /api/savestatic': edit('save property values'),
  'POST /api/savedynamic': edit('save property values'),
  'POST /api/properties/lock': rule(['manager'], 'project managers lock and unlock property values'),
  'GET /api/properties/history': read('the lock history of property values'),

  // ---- schedules
  'POST /api/getreport': edit('submit schedules'),
  'POST /api/getsapreport': edit('submit schedules'),

  // ---- issues, project users, BCF
  'GET /api/issues': read('issues'),
  'POST /api/issues': edit('raise issues'),
  'GET /api/issues/:id': read('issues'),
  'GET /api/issues/:id/snapshot': read('issues and their snapshots'),
  'PATCH /api/issues/:id': edit('edit issues'),
  'POST /api/issues/:id/comments': read('issues and comment on them'),
  'GET /api/forge/bim360/Users': read('the project users'),
  'GET /api/issues/bcf': read('issues and export BCF'),
  'POST /api/issues/bcf': edit('import BCF'),

  // ---- markups
  'POST /api/markups/getMarkups': read('markups'),
  'POST /api/markups/saveMarkup': edit('draw markups'),
  'POST /api/markups/updateMarkup': edit('change a markup (the matrix renames it)'),
  'GET /api/markups/preview/:itemId': read('markups'),

  // ---- saved views (issue 33): the fixture's views were saved by the member
  'GET /api/projects/:projectId/views': read('saved views'),
  'POST /api/projects/:projectId/views': edit('save views'),
  'POST /api/projects/:projectId/views [models aligned]': rule(
    ['manager'],
    "only project managers align a view's models (offset, rotation)",
  ),
  'GET /api/views/:viewId': read('saved views'),
  'GET /api/compare-files': read('the two versions of a compare'),
  'GET /api/compare-files/changed-pages': read("a drawing pair's changed-page count"),
  'PUT /api/compare-files/changed-pages': read(
    "a drawing pair's changed-page count, counted in the browser of anyone who reads both",
  ),
  'PATCH /api/views/:viewId': rule(['member', 'manager'], "a view's author or a project manager renames it"),
  'DELETE /api/views/:viewId': rule(['member', 'manager'], "a view's author or a project manager deletes it"),

  // ---- transmittals (issue 35 §3): the fixture's was issued by the member, to themselves and outside people
  'GET /api/projects/:projectId/transmittal-purposes': read('the purposes of issue'),
  'PUT /api/projects/:projectId/transmittal-purposes': rule(
    ['manager'],
    'project managers edit the purposes of issue',
  ),
  'GET /api/projects/:projectId/transmittals': read('the transmittal register'),
  'GET /api/projects/:projectId/transmittals/register.xlsx': read('the transmittal register'),
  'POST /api/projects/:projectId/transmittals': edit('issue transmittals'),
  'GET /api/me/transmittals': signedIn('the transmittals the user received'),
  'GET /api/transmittals/:id': read('transmittals'),
  'POST /api/transmittals/:id/acknowledge': rule(['member'], 'only a listed member recipient acknowledges'),
  'POST /api/transmittals/:id/response': rule(['member'], 'only a listed member recipient responds'),
  'GET /api/transmittals/:id/recipients/:recipientId/attachment': read("recipients' response attachments"),
  'POST /api/transmittals/:id/recipients/:recipientId/revoke': rule(
    ['member', 'manager'],
    'the sender or a project manager revokes an outside link',
  ),
  'GET /api/transmittals/:id/access-log': rule(
    ['member', 'manager'],
    'the sender or a project manager reads the access log',
  ),
  'GET /api/shared/transmittals/:token': link('its transmittal, to the holder of a live link only'),
  'GET /api/shared/transmittals/:token/files/:versionId': link('its files, read-only'),
  'GET /api/shared/transmittals/:token/zip': link('its files as one zip'),
  'POST /api/shared/transmittals/:token/acknowledge': link('acknowledging receipt'),
  'POST /api/shared/transmittals/:token/response': link('the one response'),
  // ---- container names, register, delivery plan (issue 35)
  'GET /api/projects/:projectId/info-standard': read('the information standard'),
  'PUT /api/projects/:projectId/info-standard': rule(['manager'], 'project managers set the naming standard'),
  'PUT /api/projects/:projectId/info-standard/relaxed': admin("relaxing a project's naming check"),
  'GET /api/projects/:projectId/register': read('the register'),
  'GET /api/projects/:projectId/register.xlsx': read('the register'),
  'PUT /api/items/:itemId/metadata': edit('give files titles'),
  'POST /api/folders/:folderId/bulk-upload': edit('bulk-upload with a register'),
  'GET /api/projects/:projectId/deliverables': read('the delivery plan'),
  'GET /api/projects/:projectId/deliverables.xlsx': read('the delivery plan'),
  'POST /api/projects/:projectId/deliverables': rule(['manager'], 'project managers plan deliverables'),
  'POST /api/projects/:projectId/deliverables/import': rule(['manager'], 'project managers import the plan'),
  'DELETE /api/deliverables/:id': rule(['manager'], 'project managers remove deliverables'),
  'GET /api/hub/deliverables': signedIn("the user's own deliverables"),
  // ---- model compare (issue 34): whoever reads both models compares them; raising issues is editing
  'POST /api/model-compares': read('both models and compare them'),
  'GET /api/model-compares/:compareId': read('the compares of their models'),
  'GET /api/model-compares/:compareId/changes': read('the changes of a compare'),
  'GET /api/model-compares/:compareId/changes.xlsx': read('the changes of a compare and export them'),
  'POST /api/model-compares/:compareId/issues': edit('raise changes as issues'),
  'GET /api/versions/:versionId/compare-summary': read("a version's changes against the one before"),

  // ---- information requirements (issue 36): members read and export; managers say where IDS files apply
  'GET /api/projects/:projectId/ids': read('the IDS files, their status and scopes'),
  'PUT /api/projects/:projectId/ids/settings': rule(['manager'], 'project managers set the IDS gate'),
  'PUT /api/projects/:projectId/ids/:itemId/scopes': rule(['manager'], 'project managers scope IDS files'),
  'GET /api/projects/:projectId/ids/versions/:versionId': read("an IDS version's status"),
  'POST /api/projects/:projectId/ids/validate': read('an IDS text judged (nothing stored)'),
  'GET /api/projects/:projectId/ids/library': read('the shipped IDS files'),
  'POST /api/projects/:projectId/ids/library/:key': edit('copy a shipped IDS file (an upload)'),
  'POST /api/projects/:projectId/ids/recheck': edit('have a model checked again'),
  'GET /api/projects/:projectId/ids/checks': read("a model version's checks"),
  'GET /api/projects/:projectId/ids/checks/:checkId': read('a check'),
  'GET /api/projects/:projectId/ids/checks/:checkId/specifications/:index/failures': read('failing objects'),
  'GET /api/projects/:projectId/ids/checks/:checkId/objects': read(
    'the objects of a check (colour by result)',
  ),
  'GET /api/projects/:projectId/ids/object': read("an object's results"),
  'GET /api/projects/:projectId/ids/checks/:checkId/report.xlsx': read('a check and export it'),
  'GET /api/projects/:projectId/ids/checks/:checkId/report.bcf': read('a check and export it as BCF'),
  'POST /api/projects/:projectId/ids/checks/:checkId/issues': edit('raise failures as issues'),

  // ---- personal hub
  'GET /api/workflow/created': ownList('workflows created'),
  'GET /api/workflow/pendingReview': ownList('reviews pending'),
  'GET /api/workflow/pendingApproval': ownList('approvals pending'),
  'GET /api/markup/created': ownList('markups created'),
  'GET /api/markup/pending': ownList('markups pending'),
  'GET /api/markup': read('a markup from the hub'),
  'GET /api/hub/counts': signedIn("the user's own counts"),

  // ---- project data, calculations, reports
  'POST /api/saveprojectinput': edit('save project data'),
  'POST /api/getprojectinput': read('project data'),
  'POST /api/savecalculationdata': edit('save and run calculations'),
  'POST /api/getcalculationdata': read('calculations'),
  'POST /api/projectinput/history': read('form history'),
  'POST /api/projectinput/restore': edit('restore form values'),
  'POST /api/calculationdata/history': read('form history'),
  'POST /api/calculationdata/restore': edit('restore form values'),
  'POST /api/createreport': edit('create reports'),
  'POST /api/uploadfile': edit('upload form files'),

  // ---- document workflow
  'GET /api/workflow/structure': read('the folder structure'),
  'PUT /api/workflow/structure': read('the folder structure (Refresh Data)'),
  'GET /api/workflow': read('a workflow'),
  'POST /api/workflow': edit('submit documents for review'),
  'PUT /api/workflow/UpdateReviewers': rule(
    ['workflowReviewer'],
    'only the listed reviewer answers a review',
  ),
  'PUT /api/workflow/UpdateApprovers': rule(
    ['workflowApprover'],
    'only the listed approver answers an approval',
  ),
  'GET /api/workflow/document': read("a document's open workflow"),
  'POST /api/workflow/:id/reassign': rule(['manager'], 'project managers replace a reviewer or approver'),
  // the submitter (the fixture's member) or a manager; whoever comes second finds it withdrawn (409), which
  // is only answered once access was granted
  'POST /api/workflow/:id/withdraw': rule(
    ['member', 'manager'],
    'the submitter or a project manager withdraws a workflow',
    [200, 409],
  ),
  'POST /api/workflow/upload': edit('upload'),
  'POST /api/workflow/uploadCopy': edit('move files'),
  'POST /api/workflow/move': edit('move files (the item itself, with its history)'),
  'POST /api/workflow/delete': edit('delete files'),
  // the record: Published and Archived (issue 31); members add there only through a workflow or a schedule
  'POST /api/folders/:folderId/files [Published]': rule(
    ['manager'],
    'only project managers upload into Published and Archived by hand',
  ),
  'POST /api/workflow/move [Published to Archived]': rule(
    ['manager'],
    'only project managers move files into or out of Published and Archived',
  ),
  'POST /api/workflow/delete [Published]': rule(
    ['manager'],
    'only project managers delete files in Published and Archived',
  ),

  // ---- DSEAR register
  'GET /api/dsear': signedIn('the register is central: every signed-in user sees its lines'),
  'GET /api/dsear/export': signedIn('the register is central: its workbook holds the lines everyone sees'),
  'GET /api/dsear/people': signedIn("the form's pickers"),
  'GET /api/dsear/pendingApproval': rule(
    ['seniorDesignManager', 'administrator'],
    "the senior design manager's own pending approvals, or an administrator",
  ),
  'POST /api/dsear/get': rule(
    [...PROJECT, 'administrator', 'seniorDesignManager'],
    "the project's members, administrators and the entry's listed senior design manager read an entry",
  ),
  'POST /api/dsear/saveOrCreate': edit('save the DSEAR entry'),
  'POST /api/dsear/:dsearId/attachments': edit('attach files to the DSEAR entry'),
  'GET /api/dsear/:dsearId/attachments': rule(
    [...PROJECT, 'administrator', 'seniorDesignManager'],
    "whoever reads the entry lists its attachments (its project's members, administrators, its listed manager)",
  ),
  'GET /api/dsear/:dsearId/attachments/:itemId/content': rule(
    [...PROJECT, 'administrator', 'seniorDesignManager'],
    'whoever reads the entry opens its attachments',
  ),
  'POST /api/dsear/approve': rule(
    ['seniorDesignManager'],
    'only a listed senior design manager approves their own line',
  ),

  // ---- feedback
  'POST /api/getfeedback': signedIn('FAQs for everyone, every item for reviewers'),
  'POST /api/savefeedback': signedIn('any signed-in user gives feedback'),
  'POST /api/savefeedbackcomment': rule(['feedbackReviewer'], 'only feedback reviewers review feedback'),

  // ---- P&ID sketches, their PDF, the legend
  'POST /api/getpidsketch': read('sketches'),
  'POST /api/savepidsketch': edit('save sketches'),
  'POST /api/deletepidsketch': edit('delete sketches'),
  'POST /api/projects/:projectId/tag-lookup': read("which of a sketch's tags the models know"),
  'GET /api/projects/:projectId/sketches/:sketchId/export-dexpi': read('a saved sketch as DEXPI'),
  'POST /api/projects/:projectId/sketches/import-dexpi': edit('import a DEXPI file as a new sketch'),
  'GET /api/projects/:projectId/tags-in-use': read("the project's tags, for the next free number"),
  'GET /api/projects/:projectId/sketches/:sketchId/versions': read("a sketch's history"),
  'POST /api/projects/:projectId/sketches/:sketchId/versions/:number/restore':
    edit('restore a sketch version'),
  'GET /api/projects/:projectId/sketches/:sketchId/issue': read('the codes an issue would get'),
  'POST /api/projects/:projectId/sketches/:sketchId/issue': edit(
    'issue a sketch into a folder they may upload to',
  ),
  'POST /api/sketchexport/pdf': signedIn('printing a sketch needs a session, no project'),
  'GET /api/legend': signedIn('reference data'),

  // ---- Supplier Zone
  'POST /api/savesdcdata': open('the Design Competency Form is open signed out'),
  'GET /api/getsdcdata': open('the register is open signed out'),
  'GET /logos/:fileName': open("an approved supplier's logo is public"),
  'GET /api/supplier/settings': open("the zone's cards are open signed out"),
  'PUT /api/supplier/settings': admin("the zone's settings"),
  'GET /api/supplier/submissions': rule(['supplierRegisterManager'], 'supplier register managers only'),
  'GET /api/supplier/submissions/:id': rule(['supplierRegisterManager'], 'supplier register managers only'),
  'GET /api/supplier/submissions/:id/logo': rule(
    ['supplierRegisterManager'],
    'supplier register managers only',
  ),
  'GET /api/supplier/submissions/:id/files/:fileId': rule(
    ['supplierRegisterManager'],
    'supplier register managers only',
  ),
  'POST /api/supplier/submissions/:id/review': rule(
    ['supplierRegisterManager'],
    'supplier register managers only',
  ),

  // ---- training
  'GET /api/training/gettrainingcontent': signedIn('training content'),
  'POST /api/training/getuserrecord': rule(['member'], 'a training record is read by its own user only'),
  'POST /api/training/saveuserrecord': rule(['member'], 'a training record is saved by its own user only'),
  'GET /api/training/material/:tag': signedIn('course material'),
  'GET /api/training/admin/roles': admin('training roles'),
  'POST /api/training/admin/roles': admin('training roles'),
  'PUT /api/training/admin/roles/:roleName': admin('training roles'),
  'GET /api/training/admin/courses': admin('training courses'),
  'POST /api/training/admin/courses': admin('training courses'),
  'PUT /api/training/admin/courses/:id': admin('training courses'),
  'PUT /api/training/admin/courses/:id/material': admin('training material'),
};

export const ruleOf = (method: string, url: string): Rule | undefined => ACCESS[`${method} ${url}`];

/** Whether a cell's status is what the rule expects of that column. */
export function expected(rule: Rule, column: Column, status: number): boolean {
  if (rule.allow.includes(column)) return rule.ok ? rule.ok.includes(status) : status >= 200 && status < 300;
  // a transmittal link's token is the credential of its routes: a wrong, revoked or expired one is 404
  if (rule.link) return status === 404;
  if (column === 'anonymous') return status === 401;
  // an outside recipient has no session: 401 wherever one is needed
  if (column === 'outsideRecipient') return status === 401;
  return status === 403 || status === 404;
}

/** What a successful answer must not hold for a column, in words, or null: a leak inside a 2xx. */
export type LeakCheck = (answer: unknown, column: Column, f: AccessFixture) => string | null;

/** who may open the project's DSEAR entry: the same people who may POST /api/dsear/get it */
const DSEAR_ACCESS = ACCESS['POST /api/dsear/get']!.allow;
/** an entry's detail beyond the register table's columns (the spec's 'Access Required' otherwise) */
const DSEAR_DETAIL = [
  'leadEngineer',
  'practitioner',
  'practionerFlag',
  'dsearIden',
  'dsearImp',
  'dsearSpec',
  'dsearApp',
  'history',
];

export const LEAKS: Record<string, LeakCheck> = {
  // an outside link shows its own recipient's line and the issued files: no other recipient, no project id
  'GET /api/shared/transmittals/:token': (answer, _column, f) => {
    const text = JSON.stringify(answer);
    if (text.includes('matrix-revoked@outside.example') || text.includes(f.member.email))
      return "another recipient's address";
    if (text.includes(f.projectId)) return 'the project id';
    return null;
  },
  'GET /api/dsear': (answer, column, f) => {
    const entry = (answer as Record<string, unknown>[]).find((e) => e.projectName === f.projectName);
    if (!entry) return 'the register has no line for the project';
    if (DSEAR_ACCESS.includes(column))
      return entry.access === true ? null : 'access: false for someone with access';
    const shown = DSEAR_DETAIL.filter((field) => entry[field] !== undefined && entry[field] !== '');
    if (shown.length) return `the entry's ${shown.join(', ')} to someone without access to the project`;
    return entry.access === false ? null : 'access: true for someone without access to the project';
  },
  'POST /api/getfeedback': (answer, column) => {
    if (column === 'feedbackReviewer') return null;
    const items = answer as { IsFaq: boolean; User: string }[];
    if (!items.length) return 'no FAQ at all: nothing to check';
    if (items.some((item) => !item.IsFaq)) return 'feedback that is not a FAQ to a non-reviewer';
    if (items.some((item) => item.User !== '')) return "a giver's name to a non-reviewer";
    return null;
  },
  'GET /api/getsdcdata': (answer) => {
    const lines = Object.values(answer as Record<string, { Status: string; Data: { companyName?: string } }>);
    if (lines.some((line) => line.Status !== 'Approved' || line.Data.companyName === 'Matrix Pending Ltd'))
      return 'a submission that is not approved, in the open register';
    return null;
  },
};
