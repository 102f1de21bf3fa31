/**
 * Information requirements (issue 36): buildingSMART IDS 1.0 files kept as documents of a project, the
 * folders and models they apply to, the checks of every model version in scope (a job on the server) and
 * their results, exports and the publication gate. The calls of docs/api.md 'Information requirements (IDS)'.
 *
 * Object ids: `expressId` is the IFC line number (STEP id) of the object, which is also the viewer's
 * localId of that object in the converted model; `globalId` is its IFC GlobalId.
 */
import { z } from 'zod';
import { FOLDER_ID_PATTERN, ITEM_ID_PATTERN, VERSION_ID_PATTERN } from './ids.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const IDS_CHECK_ID_PATTERN = new RegExp(`^ic\\.${UUID}$`);
export const IDS_SCOPE_ID_PATTERN = new RegExp(`^is\\.${UUID}$`);

/** An IDS file is a document whose name ends in .ids (any capitals). */
export const isIdsFileName = (name: string): boolean => /\.ids$/i.test(name.trim());

// ---- settings -------------------------------------------------------------------------------

/** What a workflow that would publish a model with an A suitability code does when a required specification fails. */
export const IDS_GATE_MODES = ['warn', 'refuse'] as const;
export type IdsGateMode = (typeof IDS_GATE_MODES)[number];

/** A project's IDS settings (defaults until a manager saves them: warn, no dynamic values). */
export interface IdsSettings {
  gate: IdsGateMode;
  /** check the objects' dynamic values too, as a property set named Penstock_Dynamic (scopes may override) */
  includeDynamic: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** `PUT /api/projects/:projectId/ids/settings` */
export const IdsSettingsInputSchema = z.object({
  gate: z.enum(IDS_GATE_MODES, { message: "gate must be 'warn' or 'refuse'" }),
  includeDynamic: z.boolean({ message: 'includeDynamic must be true or false' }),
});
export type IdsSettingsInput = z.infer<typeof IdsSettingsInputSchema>;

/** The property set a model's dynamic values are checked as, when the option is on. */
export const PENSTOCK_DYNAMIC_PSET = 'Penstock_Dynamic';

// ---- IDS documents and their validation ------------------------------------------------------

/** Which reading gate found the problem: not XML, not IDS 1.0 (the schema), its structure, or the audit. */
export const IDS_PROBLEM_KINDS = ['xml', 'schema', 'structure', 'audit'] as const;
export type IdsProblemKind = (typeof IDS_PROBLEM_KINDS)[number];

export interface IdsProblem {
  kind: IdsProblemKind;
  /** the line of the IDS file, where the reader knows it */
  line: number | null;
  message: string;
}

export const IDS_SPECIFICATION_USAGES = ['required', 'optional', 'prohibited'] as const;
export type IdsSpecificationUsage = (typeof IDS_SPECIFICATION_USAGES)[number];

/** A specification of a valid IDS file, as listed before any check. */
export interface IdsSpecificationInfo {
  /** its position in the file (0-based): how results and exports name it */
  index: number;
  name: string;
  identifier: string | null;
  description: string | null;
  usage: IdsSpecificationUsage;
  ifcVersion: string[];
  /** the applicability in words ("IfcPump of type CIRCULATOR") and the requirements, one line each */
  applicability: string[];
  requirements: string[];
}

/** The status of one version of an IDS file, stored when it was uploaded. */
export interface IdsValidation {
  versionId: string;
  status: 'valid' | 'invalid';
  /** empty when valid */
  problems: IdsProblem[];
  /** the IDS's info/title (null when it could not be read) */
  title: string | null;
  /** the specifications (empty when invalid) */
  specifications: IdsSpecificationInfo[];
  checkedAt: string;
}

/** `POST /api/projects/:projectId/ids/validate` JSON `{xml}`: an IDS read and judged, nothing stored (the editor). */
export const MAX_IDS_BYTES = 5 * 1024 * 1024;
export const IdsValidateInputSchema = z.object({
  xml: z
    .string({ message: 'xml is required' })
    .min(1, 'xml is required')
    .max(MAX_IDS_BYTES, 'An IDS file can have at most 5 MB'),
});
export type IdsValidateInput = z.infer<typeof IdsValidateInputSchema>;
export type IdsValidationResult = Omit<IdsValidation, 'versionId' | 'checkedAt'>;

// ---- scopes ---------------------------------------------------------------------------------

/** A folder applies to every model under it (at any depth); a model is one IFC file (its item). */
export const IDS_SCOPE_KINDS = ['folder', 'model'] as const;
export type IdsScopeKind = (typeof IDS_SCOPE_KINDS)[number];

export interface IdsScope {
  id: string;
  /** the IDS document (its latest valid version is the one used) */
  idsItemId: string;
  kind: IdsScopeKind;
  /** a folder id (f.<uuid>) or a model's item id (i.<uuid>) */
  targetId: string;
  /** the folder's path, or the model's folder path and file name */
  targetName: string;
  /** the Penstock_Dynamic option for this scope: null follows the project setting */
  includeDynamic: boolean | null;
  createdAt: string;
  createdBy: string;
}

/** `PUT /api/projects/:projectId/ids/:itemId/scopes`: the IDS document's scopes, replaced as a whole. */
export const IdsScopeInputSchema = z
  .object({
    kind: z.enum(IDS_SCOPE_KINDS, { message: "kind must be 'folder' or 'model'" }),
    targetId: z.string({ message: 'targetId is required' }).max(100),
    includeDynamic: z.boolean().nullable().default(null),
  })
  .refine(
    (scope) =>
      scope.kind === 'folder' ? FOLDER_ID_PATTERN.test(scope.targetId) : ITEM_ID_PATTERN.test(scope.targetId),
    { message: 'targetId must be a folder id (f.<uuid>) for a folder, an item id (i.<uuid>) for a model' },
  );
export const IdsScopesInputSchema = z.object({
  scopes: z.array(IdsScopeInputSchema).max(200, 'At most 200 scopes per IDS file'),
});
export type IdsScopesInput = z.input<typeof IdsScopesInputSchema>;

/** An IDS file of the project: its latest version's status and its scopes. */
export interface IdsDocumentEntry {
  itemId: string;
  fileName: string;
  folderId: string;
  folderPath: string;
  /** the latest version */
  versionId: string;
  versionNumber: number;
  validation: IdsValidation;
  /** the latest valid version, the one checks use (null when none is valid) */
  validVersionId: string | null;
  scopes: IdsScope[];
}

/** `GET /api/projects/:projectId/ids` */
export interface IdsOverview {
  settings: IdsSettings;
  documents: IdsDocumentEntry[];
  /** whether the asker may change scopes and settings (project managers) */
  mayManage: boolean;
}

// ---- shipped IDS files ----------------------------------------------------------------------

/** `GET /api/projects/:projectId/ids/library`: the IDS files Penstock ships (apps/server/config/ids). */
export interface IdsLibraryEntry {
  key: string;
  fileName: string;
  title: string;
  description: string;
  specifications: number;
}

/** `POST /api/projects/:projectId/ids/library/:key` JSON `{folderId}`: a copy stored as a document there. */
export const IdsLibraryCopySchema = z.object({
  folderId: z
    .string({ message: 'folderId is required' })
    .regex(FOLDER_ID_PATTERN, 'folderId must be a folder id (f.<uuid>)'),
});
export type IdsLibraryCopy = z.infer<typeof IdsLibraryCopySchema>;
export interface IdsLibraryCopyResult {
  itemId: string;
  versionId: string;
  fileName: string;
  validation: IdsValidation;
}

// ---- checks and their results ---------------------------------------------------------------

export const IDS_CHECK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type IdsCheckStatus = (typeof IDS_CHECK_STATUSES)[number];

export interface IdsSpecificationResult {
  index: number;
  name: string;
  identifier: string | null;
  description: string | null;
  usage: IdsSpecificationUsage;
  pass: boolean;
  /** whether the model's IFC schema is one the specification lists */
  ifcVersionMatches: boolean;
  applicable: number;
  passed: number;
  failed: number;
  /** a specification-level reason (nothing applicable for a required one; any for a prohibited one) */
  reason: string | null;
}

/** One model version checked against one version of an IDS file. */
export interface IdsCheck {
  id: string;
  projectId: string;
  modelVersionId: string;
  idsItemId: string;
  idsVersionId: string;
  idsFileName: string;
  idsTitle: string | null;
  includeDynamic: boolean;
  status: IdsCheckStatus;
  /** 0..1 while running */
  progress: number | null;
  /** why the check failed (a model that cannot be read …) */
  error: string | null;
  /** every specification passes (null until done) */
  pass: boolean | null;
  /** counts of specifications (zeros until done) */
  /**
   * requiredFailed: required specifications that fail; prohibitedFailed: prohibited ones that fail (objects
   * they rule out are in the model); optional ones that fail are in failed only
   */
  counts: {
    specifications: number;
    passed: number;
    failed: number;
    requiredFailed: number;
    prohibitedFailed: number;
  };
  specifications: IdsSpecificationResult[];
  createdAt: string;
  finishedAt: string | null;
}

/** `GET /api/projects/:projectId/ids/checks?versionId=`: a model version's checks (one per IDS in scope). */
export const IdsChecksQuerySchema = z.object({
  versionId: z
    .string({ message: 'Query parameter versionId is required' })
    .regex(VERSION_ID_PATTERN, 'versionId must be a version id (v.<uuid>)'),
});
export interface IdsVersionChecks {
  versionId: string;
  /** whether any IDS applies to this model version */
  inScope: boolean;
  checks: IdsCheck[];
}

/** A requirement an object failed: which (its index in the specification's requirements), what was expected, what was found. */
export interface IdsRequirementFailure {
  requirement: number;
  facet: 'entity' | 'attribute' | 'property' | 'classification' | 'material' | 'partOf';
  expected: string;
  found: string;
}

export interface IdsFailingObject {
  expressId: number;
  globalId: string | null;
  ifcClass: string;
  name: string | null;
  failures: IdsRequirementFailure[];
}

/** `GET …/checks/:checkId/specifications/:index/failures?offset=&limit=&search=` */
export const IdsFailuresQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  /** text in the GlobalId, name or IFC class, whatever the capitals */
  search: z.string().max(200).optional(),
});
export type IdsFailuresQuery = z.infer<typeof IdsFailuresQuerySchema>;
export interface IdsFailuresPage {
  checkId: string;
  specification: IdsSpecificationResult;
  total: number;
  offset: number;
  limit: number;
  objects: IdsFailingObject[];
}

/**
 * `GET …/checks/:checkId/objects?specification=`: for colour by result, the express ids (viewer localIds) of
 * the objects that pass and that fail (every specification, or one); the rest are not applicable.
 */
export const IdsObjectsQuerySchema = z.object({
  specification: z.coerce.number().int().min(0).optional(),
});
export interface IdsObjectStates {
  checkId: string;
  specification: number | null;
  passing: number[];
  failing: number[];
}

/** `GET /api/projects/:projectId/ids/object?versionId=&globalId=` (or `expressId=`): one object's results, for the properties panel. */
export const IdsObjectQuerySchema = z
  .object({
    versionId: z
      .string({ message: 'Query parameter versionId is required' })
      .regex(VERSION_ID_PATTERN, 'versionId must be a version id (v.<uuid>)'),
    globalId: z.string().min(1).max(64).optional(),
    expressId: z.coerce.number().int().min(0).optional(),
  })
  .refine((q) => q.globalId !== undefined || q.expressId !== undefined, {
    message: 'Give globalId or expressId',
  });
export interface IdsObjectSpecificationResult {
  checkId: string;
  idsFileName: string;
  specification: number;
  specificationName: string;
  usage: IdsSpecificationUsage;
  pass: boolean;
  /** empty when it passes */
  failures: IdsRequirementFailure[];
}
export interface IdsObjectResults {
  versionId: string;
  globalId: string | null;
  expressId: number | null;
  /** the specifications that apply to the object, in every finished check of the version */
  results: IdsObjectSpecificationResult[];
}

/** `POST …/checks/:checkId/issues`: failures raised as Penstock issues pinned on their objects. */
export const IDS_ISSUE_MODES = ['specification', 'object'] as const;
export type IdsIssueMode = (typeof IDS_ISSUE_MODES)[number];
export const MAX_IDS_ISSUES = 500;
export const IdsFailuresToIssuesSchema = z.object({
  /** the failing specifications (indices); all failing ones when left out */
  specifications: z.array(z.number().int().min(0)).max(1000).optional(),
  /** one issue per failing specification (pinned on its first failing object, the others listed), or one per failing object */
  mode: z.enum(IDS_ISSUE_MODES).default('specification'),
  assignedTo: z.string().max(200).optional(),
  dueDate: z.string().max(40).optional(),
});
export type IdsFailuresToIssues = z.input<typeof IdsFailuresToIssuesSchema>;
export interface IdsIssuesCreated {
  created: number;
  issueIds: string[];
}

/** `POST /api/projects/:projectId/ids/recheck` JSON `{versionId}`: the version's checks queued again. */
export const IdsRecheckSchema = z.object({
  versionId: z
    .string({ message: 'versionId is required' })
    .regex(VERSION_ID_PATTERN, 'versionId must be a version id (v.<uuid>)'),
});
export interface IdsRecheckResult {
  queued: number;
}

// ---- the publication gate -------------------------------------------------------------------

/** An A suitability code (A1, A2 …): publication as accepted. */
export const isAcceptedSuitability = (code: string): boolean => /^A\d*$/i.test(code.trim());

/** The check's summary a workflow carries (WorkflowDetail.idsCheck) for the Complete Review dialog. */
export interface WorkflowIdsSummary {
  /** the submitted model version */
  versionId: string;
  gate: IdsGateMode;
  /** whether the workflow would publish with an A suitability code (only then the gate applies) */
  gated: boolean;
  /**
   * none: no IDS applies; pending: a check is queued or running; pass; fail: a required specification fails
   * (nothing applicable, or an applicable object fails a requirement), a prohibited one fails (an object it
   * applies to is in the model), or a check failed. An optional specification that fails does not gate.
   */
  state: 'none' | 'pending' | 'pass' | 'fail';
  checks: {
    checkId: string;
    idsFileName: string;
    status: IdsCheckStatus;
    pass: boolean | null;
    error: string | null;
    /** the required specifications that fail, with their counts of failing objects */
    requiredFailed: { index: number; name: string; failed: number }[];
    /** the prohibited specifications that fail, with their counts of objects (each one the model should not have) */
    prohibitedFailed: { index: number; name: string; failed: number }[];
  }[];
  /** what the dialog shows (the warning, or why publication is refused), null when nothing to say */
  message: string | null;
}

const specificationCount = (n: number, kind: string) =>
  `${n} ${kind} information specification${n === 1 ? '' : 's'}`;
/** The gate's words: how many required and prohibited specifications the model fails. */
export const idsGateMessage = (requiredFailed: number, refuse: boolean, prohibitedFailed = 0): string => {
  const what = [
    requiredFailed ? specificationCount(requiredFailed, 'required') : '',
    prohibitedFailed ? specificationCount(prohibitedFailed, 'prohibited') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return refuse
    ? `This model fails ${what}: it cannot be published with an A suitability code until they pass`
    : `Warning: this model fails ${what}`;
};
export const IDS_GATE_PENDING =
  'The information requirements check of this model has not finished: it cannot be published with an A suitability code until it has';
