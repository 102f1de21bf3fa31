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
  object_count: number;
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
  /** JSON text of [{displayName, displayValue, displayCategory, units}] */
  properties: string;
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

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  folders: FoldersTable;
  items: ItemsTable;
  versions: VersionsTable;
  blobs: BlobsTable;
  conversions: ConversionsTable;
  model_objects: ModelObjectsTable;
  static_values: PropertyValuesTable;
  dynamic_values: PropertyValuesTable;
}
