import type { Generated } from 'kysely';
/** Row shapes. Timestamps are ISO-8601 text and booleans 0/1 integers, the same on SQLite and PostgreSQL. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  password_hash: string;
  disabled: number;
  created_at: string;
}
export interface UserRolesTable {
  user_id: string;
  role: string;
}
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}
/** Sign-ins, failed sign-ins and administrative actions, newest read first by administrators (issue 16). */
/** One failed sign-in (the throttle counts them; rows older than its window are purged). */
export interface SigninFailuresTable {
  id: string;
  account: string;
  address: string;
  at: string;
}

/** A provider account (OpenID Connect issuer + subject) linked to a Penstock account. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
  last_signin_at: string;
}
/** A single sign-on under way: its id is a hash of the browser's cookie; state, nonce and PKCE verifier. */
export interface OidcSigninsTable {
  id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  created_at: string;
  expires_at: string;
}
/** The ID token of a session opened by single sign-on, for the provider's sign-out. */
export interface OidcSessionsTable {
  session_id: string;
  issuer: string;
  id_token: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** who acted: null for a sign-in attempt with an unknown email */
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  /** what it was done to (a user's email, a project's name), when anything */
  target: string | null;
  /** 'ok' or 'refused' */
  outcome: string;
  /** JSON: the reason of a refusal, the fields changed */
  detail: string | null;
  ip: string | null;
}
export interface ProjectsTable {
  id: string;
  name: string;
  created_at: string;
}
export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: string;
}
export interface FoldersTable {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
  /** order among siblings (the ISO 19650 states keep their workflow order); then by name */
  position: number;
  created_at: string;
}
export interface ItemsTable {
  id: string;
  project_id: string;
  folder_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  /** soft delete: the item leaves the tree and a project manager can restore it */
  deleted_at: string | null;
  deleted_by: string | null;
}
export interface VersionsTable {
  id: string;
  item_id: string;
  number: number;
  blob_hash: string;
  file_name: string;
  size: number | string;
  content_type: string;
  created_by: string;
  created_at: string;
  /** ISO 19650 revision (P01.01, P01, C01) and suitability (S0, S2, A1) codes */
  revision: string;
  suitability: string;
  /** the version this one was made from (a workflow's publication, a move) */
  derived_from: string | null;
}
export interface BlobsTable {
  hash: string;
  size: number | string;
  created_at: string;
}
export type ConversionState = 'queued' | 'running' | 'done' | 'failed';
export interface ConversionsTable {
  version_id: string;
  state: ConversionState;
  progress: number;
  error: string | null;
  /** the .frag file in the blob store */
  frag_hash: string | null;
  /** the item table (localId of each geometry item, uint32 little-endian) in the blob store; null for
   * models converted before it was stored (worked out from the .frag when asked for) */
  items_hash: string | null;
  object_count: number;
  /** the finished_at of the conversion whose property columns (model_property_columns) are stored; null: none yet */
  property_columns?: string | null;
  /** JSON text of the viewables */
  viewables: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
export interface ModelObjectsTable {
  version_id: string;
  local_id: number;
  guid: string;
  /** -1 for none */
  parent_local_id: number;
  /** the 'Tag' property, else the parent's; '' for none */
  tag: string;
  category: string;
  pid_class: string;
  hazard: number;
  /** JSON text of [{displayName, displayValue, displayCategory, units, fromType?}] */
  properties: string;
  /** IFC entity in schema spelling ('IfcValve', 'IfcBuildingStorey'); '' for rows from before it was kept */
  ifc_class: Generated<string>;
  /** the IFC Name attribute */
  name: Generated<string>;
  /** the PredefinedType of the occurrence, else of its type object ('' for none, NOTDEFINED, USERDEFINED) */
  predefined_type: Generated<string>;
  /** name of the storey the object stands in ('' for none) */
  storey: Generated<string>;
  /** where the tag came from: 'property', 'attribute', 'named:<property name>', 'parent', '' for no tag */
  tag_source: Generated<string>;
  /** where the category came from: 'pid' (its P&ID Class), 'ifc' (its IFC class), '' for neither */
  category_source: Generated<string>;
  /** 'element' (physical element), 'space' (IfcSpace), 'spatial' (project, site, building, storey...) */
  kind: Generated<ObjectKind>;
}
export type ObjectKind = 'element' | 'space' | 'spatial';
/** One property (set and name) of a model version's objects, in columns (colour by property) */
export interface ModelPropertyColumnsTable {
  version_id: string;
  /** the property or quantity set's name ('' for none) */
  set_name: string;
  name: string;
  object_count: number;
  /** JSON text of the objects' localIds (ascending) */
  local_ids: string;
  /** JSON text of their values, entry i for local_ids[i] */
  values: string;
}
/** static_values and dynamic_values: one row per (project, file, tag) */
export interface PropertyValuesTable {
  project_id: string;
  file_name: string;
  tag: string;
  guid: string;
  category: string;
  locked: number;
  /** JSON text of [{propName, propValue}] */
  values: string;
  updated_by: string;
  updated_at: string;
}
/** dynamic_values: the property values plus the values locked one by one */
export interface DynamicValuesTable extends PropertyValuesTable {
  /** JSON text of the names of the values locked one by one (all of them when locked = 1) */
  locked_props: Generated<string>;
}
/** property_value_history: each lock change of a dynamic value (prop_name null: all of the object's) */
export interface PropertyValueHistoryTable {
  id: string;
  project_id: string;
  file_name: string;
  tag: string;
  prop_name: string | null;
  /** 'locked' or 'unlocked' */
  action: string;
  by_id: string;
  by_name: string;
  at: string;
}
export interface IssuesTable {
  id: string;
  project_id: string;
  /** the BCF Topic Guid, unique within the project */
  guid: string;
  type: string;
  status: string;
  title: string;
  description: string;
  assignee_id: string | null;
  /** yyyy-mm-dd */
  due_date: string | null;
  /** JSON text of [{documentId, details: {viewableGuid, position, objectId, viewerState}}] */
  linked_documents: string;
  /** JSON text of the imported BCF viewpoints, {version: 1, viewpoints: [{guid, camera, selection}]}; null for none */
  bcf_viewpoints: string | null;
  /** the blob of the issue's snapshot (a PNG or JPEG), or null */
  snapshot_hash: string | null;
  /** 'image/png' or 'image/jpeg' with snapshot_hash, else null */
  snapshot_type: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}
/** Where a converted model version sits in the world (issue 33 §1): JSON of the shared ModelGeoreference. */
export interface ModelGeoreferencesTable {
  version_id: string;
  georeference: string;
  created_at: string;
}
/** A saved view of a project's models (issue 33 §1). */
export interface SavedViewsTable {
  id: string;
  project_id: string;
  name: string;
  /** the name as compared: trimmed, lower case (unique per project) */
  name_key: string;
  /** the model version the view opens on */
  version_id: string;
  /** JSON text of the viewer state (ModelViewerState version 1 or 2) */
  state: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}
/** A compare of two converted model versions (issue 34 §2), stored once per ordered pair. */
/** The changed-page count of a drawing compare (issue 34 §3): one per ordered pair of versions and dpi. */
export interface DrawingPageCountsTable {
  base_version_id: string;
  head_version_id: string;
  dpi: number;
  changed_pages: number;
  pages: number;
  /** the user whose browser counted it */
  counted_by: string;
  counted_at: string;
}

export interface ModelComparesTable {
  id: string;
  /** the head version's project */
  project_id: string;
  base_version_id: string;
  head_version_id: string;
  /** 'queued', 'running', 'done' or 'failed' */
  status: string;
  progress: number | null;
  error: string | null;
  /** JSON text of the ModelCompareSummary when done */
  summary: string | null;
  /** JSON text of the filters' values ({ifcClass, storey, property}) when done */
  facets: string | null;
  /** the finished_at of the conversions compared */
  base_converted_at: string | null;
  head_converted_at: string | null;
  created_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
/** One added, removed or changed object of a compare. */
export interface ModelCompareChangesTable {
  compare_id: string;
  change_id: number;
  kind: string;
  guid: string;
  matched_by: string | null;
  ifc_class: string;
  name: string | null;
  tag: string | null;
  storey: string | null;
  base_local_id: number | null;
  head_local_id: number | null;
  /** the changed aspects between commas (',placement,geometry,'; '' for none) */
  aspects: string;
  /** the changed properties as 'Set.Name' and 'Name', each between \u001f marks */
  property_keys: string;
  /** the GlobalId, name and tag in lower case (the search filter) */
  search_text: string;
  /** JSON text: attributes, properties, type, placement, geometry and the objects' positions */
  detail: string;
}
export interface IssueCommentsTable {
  id: string;
  issue_id: string;
  /** null for a comment imported from BCF whose author is not a user here */
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
}
export interface MarkupsTable {
  id: string;
  project_id: string;
  project_name: string;
  document_id: string;
  item_id: string;
  document_name: string;
  created_date: string;
  created_by_user_id: string;
  created_by_name: string;
  created_for: string;
  actioned: number;
  title: string;
  updated_at: string;
}
export interface MarkupItemsTable {
  id: string;
  markup_id: string;
  position: number;
  title: string;
  /** JSON text of the drawing data (an object with a version field) */
  data: string;
  /** JSON text of the viewer state */
  state: string;
  /** the preview image in the blob store */
  image_hash: string | null;
  image_type: string | null;
  document_name: string;
  document_version: string;
  user_name: string;
  /** dd/mm/yyyy */
  created: string;
  created_for: string;
  actioned: number;
}
/** One DSEAR register entry per project; YES/NO answers as text, zones as JSON text */
/** A file of the document store attached to a DSEAR entry. */
export interface DsearAttachmentsTable {
  entry_id: string;
  item_id: string;
  /** user id */
  added_by: string;
  added_at: string;
}
export interface DsearEntriesTable {
  id: string;
  project_id: string;
  /** the project's name when last saved (answers show the project's current name) */
  project_name: string;
  date: string;
  tm: string;
  tm_rag: string;
  lead_engineer: string;
  practitioner: string;
  practioner_flag: string;
  flids_risk: string;
  flids_outcome: string;
  /** JSON text of [{zone, rating, other}] */
  zones: string;
  dsear_iden: string;
  dsear_imp: string;
  dsear_spec: string;
  dsear_app: string;
  /** user ids */
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}
export interface DsearApprovalsTable {
  entry_id: string;
  /** the senior design manager's email, lower case */
  email: string;
  status: string;
  approve_date: string | null;
  position: number;
}
export interface DsearHistoryTable {
  id: string;
  entry_id: string;
  /** 1, 2, ... per entry: the order of the lines */
  seq: number;
  at: string;
  by_email: string;
  by_name: string;
  action: string;
  /** JSON text of [{field, from, to}] */
  changes: string;
}

export interface WorkflowsTable {
  id: string;
  project_id: string;
  item_id: string;
  /** the submitted version */
  version_id: string;
  document_name: string;
  target_folder_id: string;
  target_folder_path: string;
  suitability: string;
  target_suitability: string;
  comment: string;
  status: string;
  created_by: string;
  created_by_name: string;
  created_by_email: string;
  created_at: string;
  updated_at: string;
  published_version_id: string | null;
  /** the day (YYYY-MM-DD) the answers are due by, or null */
  due_date: string | null;
}
/** One reminder e-mail per workflow, person and day (its primary key). */
export interface WorkflowRemindersTable {
  workflow_id: string;
  user_id: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  sent_at: string;
}
export interface WorkflowParticipantsTable {
  /** the review id or approval id */
  id: string;
  workflow_id: string;
  role: string;
  position: number;
  user_id: string;
  name: string;
  email: string;
  status: string;
  comment: string;
  decided_at: string | null;
}
export interface WorkflowEventsTable {
  id: string;
  workflow_id: string;
  at: string;
  user_id: string | null;
  user_name: string;
  action: string;
  comment: string;
}
export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: string;
  /** failed sends so far */
  attempts: number;
  /** when to try (again); null once given up */
  next_attempt_at: string | null;
  sent_at: string | null;
  /** the last failure's reason (the server's answer; never a password) */
  last_error: string | null;
  /** replaces body_text once the message is delivered or given up (its secret link taken out); else null */
  kept_text: string | null;
}

export interface FormValuesTable {
  project_id: string;
  /** 'input' (Project data forms) or 'calculation' (calculation forms) */
  kind: string;
  form: string;
  category: string;
  value: string;
  updated_at: string;
  updated_by: string;
}
export interface FormHistoryTable {
  id: string;
  project_id: string;
  kind: string;
  form: string;
  at: string;
  by_name: string;
  /** JSON of the form's values before that save: [{category, value}] */
  values_json: string;
}
export interface CalculationRunsTable {
  id: string;
  project_id: string;
  form: string;
  fmejob: string;
  state: string;
  reason: string | null;
  inputs_json: string;
  results_json: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  finished_at: string | null;
}
export interface PidSketchesTable {
  id: string;
  project_id: string;
  /** as sent: 'name - local date-time' */
  drawing_name: string;
  /** the typed name (sketchBaseName of drawing_name), unique within the project */
  base_name: string;
  /** JSON of the validated lists, StageSpec and Version */
  content_json: string;
  version: number;
  /** bytes of content_json */
  bytes: number;
  /** user ids */
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

/** one save of a P&ID sketch (issue 37 §5): its content as stored then, numbered from 1 per sketch */
export interface PidSketchVersionsTable {
  id: string;
  sketch_id: string;
  number: number;
  drawing_name: string;
  content_json: string;
  /** the sketch format version */
  version: number;
  bytes: number;
  /** a user id */
  saved_by: string;
  saved_at: string;
  /** the number of the version a restore brought back; null for an ordinary save */
  restored_from: number | null;
}

/** one issue of a sketch as a drawing (issue 37 §5): what its title block and revision box printed */
export interface PidSketchIssuesTable {
  id: string;
  project_id: string;
  /** null once the sketch is deleted (the issued files stay) */
  sketch_id: string | null;
  sketch_version: number;
  folder_id: string;
  drawing_number: string;
  title: string;
  sheet: string;
  revision: string;
  suitability: string;
  description: string;
  drawn_by: string;
  checked_by: string;
  pdf_version_id: string;
  /** a user id */
  issued_by: string;
  issued_at: string;
}

/** a project's information standard (issue 35): InfoStandard JSON, and an administrator's relaxation */
export interface ProjectInfoStandardsTable {
  project_id: string;
  standard: string;
  relaxed: number;
  updated_at: string;
  updated_by: string | null;
}
export interface ItemMetadataTable {
  item_id: string;
  title: string;
  description: string;
  updated_at: string;
  updated_by: string | null;
}
/** a planned deliverable of the delivery plan (MIDP), matched to a container by name */
export interface DeliverablesTable {
  id: string;
  project_id: string;
  name: string;
  title: string;
  responsible: string;
  responsible_user_id: string | null;
  planned_suitability: string;
  due_date: string;
  created_at: string;
  created_by: string | null;
}

/** a tus upload in progress or just finished (issue 35 §4); its bytes are in the data folder's uploads/ */
export interface ResumableUploadsTable {
  id: string;
  user_id: string;
  project_id: string;
  folder_id: string;
  file_name: string;
  /** bigint: a string from PostgreSQL */
  size: number | string;
  created_at: string;
  expires_at: string;
  version_id: string | null;
  name_warning: string | null;
  error: string | null;
}
/** issue 36: a project's IDS settings (gate 'warn' | 'refuse'; dynamic values checked as Penstock_Dynamic) */
export interface IdsSettingsTable {
  project_id: string;
  gate: string;
  include_dynamic: number;
  updated_at: string;
  updated_by: string | null;
}
/** the reading of one version of an IDS file: 'valid' or 'invalid', problems and specifications as JSON */
export interface IdsValidationsTable {
  version_id: string;
  status: string;
  problems: string;
  title: string | null;
  specifications: string;
  checked_at: string;
}
/** a folder ('folder', every model under it) or a model item ('model') an IDS file applies to */
export interface IdsScopesTable {
  id: string;
  project_id: string;
  ids_item_id: string;
  kind: string;
  target_id: string;
  /** null: the project's setting */
  include_dynamic: number | null;
  created_by: string;
  created_at: string;
}
/** one model version checked against one IDS version; specifications: JSON of IdsSpecificationResult[] */
export interface IdsChecksTable {
  id: string;
  project_id: string;
  model_version_id: string;
  ids_version_id: string;
  ids_item_id: string;
  include_dynamic: number;
  status: string;
  progress: number | null;
  error: string | null;
  /** 1 every specification passes, 0 not, null until done */
  pass: number | null;
  specifications: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
/** the express ids of a specification's applicable objects (JSON array) */
export interface IdsCheckObjectsTable {
  check_id: string;
  spec_index: number;
  applicable: string;
}
/** an object failing a specification: its failed requirements (JSON of IdsRequirementFailure[]) */
export interface IdsCheckFailuresTable {
  check_id: string;
  spec_index: number;
  express_id: number;
  global_id: string | null;
  ifc_class: string;
  name: string | null;
  failures: string;
  /** GlobalId, name and IFC class in lower case (the search filter) */
  search_text: string;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  signin_failures: SigninFailuresTable;
  user_identities: UserIdentitiesTable;
  oidc_signins: OidcSigninsTable;
  oidc_sessions: OidcSessionsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  folders: FoldersTable;
  items: ItemsTable;
  project_info_standards: ProjectInfoStandardsTable;
  item_metadata: ItemMetadataTable;
  deliverables: DeliverablesTable;
  resumable_uploads: ResumableUploadsTable;
  ids_settings: IdsSettingsTable;
  ids_validations: IdsValidationsTable;
  ids_scopes: IdsScopesTable;
  ids_checks: IdsChecksTable;
  ids_check_objects: IdsCheckObjectsTable;
  ids_check_failures: IdsCheckFailuresTable;
  dsear_attachments: DsearAttachmentsTable;
  versions: VersionsTable;
  blobs: BlobsTable;
  conversions: ConversionsTable;
  model_objects: ModelObjectsTable;
  model_property_columns: ModelPropertyColumnsTable;
  static_values: PropertyValuesTable;
  dynamic_values: DynamicValuesTable;
  property_value_history: PropertyValueHistoryTable;
  issues: IssuesTable;
  saved_views: SavedViewsTable;
  model_compares: ModelComparesTable;
  drawing_page_counts: DrawingPageCountsTable;
  model_compare_changes: ModelCompareChangesTable;
  model_georeferences: ModelGeoreferencesTable;
  issue_comments: IssueCommentsTable;
  markups: MarkupsTable;
  markup_items: MarkupItemsTable;
  dsear_entries: DsearEntriesTable;
  dsear_approvals: DsearApprovalsTable;
  dsear_history: DsearHistoryTable;
  workflows: WorkflowsTable;
  workflow_participants: WorkflowParticipantsTable;
  workflow_events: WorkflowEventsTable;
  workflow_reminders: WorkflowRemindersTable;
  form_values: FormValuesTable;
  form_history: FormHistoryTable;
  calculation_runs: CalculationRunsTable;
  email_outbox: EmailOutboxTable;
  pid_sketches: PidSketchesTable;
  pid_sketch_versions: PidSketchVersionsTable;
  pid_sketch_issues: PidSketchIssuesTable;
  feedback: FeedbackTable;
  sdc_submissions: SdcSubmissionsTable;
  sdc_files: SdcFilesTable;
  supplier_zone_settings: SupplierZoneSettingsTable;
  training_roles: TrainingRolesTable;
  training_courses: TrainingCoursesTable;
  training_records: TrainingRecordsTable;
  training_progress: TrainingProgressTable;
  transmittal_purposes: TransmittalPurposesTable;
  transmittals: TransmittalsTable;
  transmittal_documents: TransmittalDocumentsTable;
  transmittal_recipients: TransmittalRecipientsTable;
  transmittal_access_log: TransmittalAccessLogTable;
}

/** A project's purposes of issue (issue 35 §3), in order; asks_response 0/1. */
export interface TransmittalPurposesTable {
  project_id: string;
  position: number;
  name: string;
  asks_response: number;
}
/** A transmittal: numbered per project (sequence), with its cover sheet (a document version). */
export interface TransmittalsTable {
  id: string;
  project_id: string;
  sequence: number;
  number: string;
  purpose: string;
  asks_response: number;
  message: string;
  due_date: string | null;
  sender_id: string;
  sender_name: string;
  cover_version_id: string;
  issued_at: string;
}
/** The versions a transmittal issued, with the codes they had then. */
export interface TransmittalDocumentsTable {
  transmittal_id: string;
  position: number;
  version_id: string;
  file_name: string;
  revision: string;
  suitability: string;
}
/** A recipient: a member (user_id) or an outside person (token_hash: SHA-256 of the link's token). */
export interface TransmittalRecipientsTable {
  id: string;
  transmittal_id: string;
  kind: string;
  user_id: string | null;
  name: string;
  email: string;
  token_hash: string | null;
  token_expires_at: string | null;
  token_revoked_at: string | null;
  acknowledged_at: string | null;
  responded_at: string | null;
  decision: string | null;
  comment: string | null;
  attachment_hash: string | null;
  attachment_name: string | null;
  attachment_size: number | string | null;
  reminded_at: string | null;
}
/** Every view and download through an outside link (and acknowledgements, responses), with the address. */
export interface TransmittalAccessLogTable {
  id: string;
  transmittal_id: string;
  recipient_id: string;
  at: string;
  action: string;
  file_name: string | null;
  address: string;
}

/** Feedback on the tools (engineering spec §3 'Feedback item'); flags 0/1. */
export interface FeedbackTable {
  id: string;
  feature: string;
  /** as typed (plain text) */
  feedback: string;
  /** who gave it; null once their account is deleted */
  user_id: string | null;
  /** their name when they gave it */
  user_name: string;
  /** the reviewer's comment: the FAQ's answer */
  comment: string;
  is_faq: number;
  is_critical: number;
  /** goes up with every review change */
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** A design competency submission (engineering spec §3); status Pending, Approved or Rejected. */
export interface SdcSubmissionsTable {
  id: string;
  status: string;
  company_name: string;
  /** the validated answers (no files), JSON */
  data_json: string;
  /** the register's LogoName: '---' when no logo was sent */
  logo_name: string;
  /** logo_name without spaces: the file name under /logos/ */
  logo_path: string | null;
  logo_hash: string | null;
  logo_type: string | null;
  logo_size: number | null;
  review_note: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** yyyy-mm-dd, set by the supplier register manager */
  date_of_last_review: string | null;
  submitted_at: string;
}
/** A track-record document of a submission; its bytes are in the blob store. */
export interface SdcFilesTable {
  id: string;
  submission_id: string;
  position: number;
  file_name: string;
  blob_hash: string;
  size: number;
  content_type: string;
}
/** The Supplier Zone's cards and contact address: one row, id 'zone'. */
export interface SupplierZoneSettingsTable {
  id: string;
  settings_json: string;
  updated_by: string | null;
  updated_at: string;
}

/** A training role (engineering spec §3 'Role'): role_name is the key of every course's roleData. */
export interface TrainingRolesTable {
  role_name: string;
  display_name: string;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}
/** A course of the training content list; its material, when stored, is a blob. */
export interface TrainingCoursesTable {
  id: string;
  title: string;
  /** PowerPoint, Video, PDF or Other */
  format: string;
  /** Est Time to Complete, as typed */
  time: string;
  /** the /training/{tag} address; unique */
  tag: string;
  /** Other: the external address; '' otherwise */
  url: string;
  /** JSON map of role name to M, R, A or X */
  role_data_json: string;
  material_hash: string | null;
  material_name: string | null;
  material_type: string | null;
  material_size: number | string | null;
  material_uploaded_at: string | null;
  retired_at: string | null;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}
/** A user's training record: the role they chose (the lists are rebuilt from the courses and progress). */
export interface TrainingRecordsTable {
  user_id: string;
  role: string;
  updated_at: string;
}
/** What a user has done with one course; flags 0/1. */
export interface TrainingProgressTable {
  user_id: string;
  course_id: string;
  completed: number;
  added: number;
  completed_at: string | null;
  updated_at: string;
}
