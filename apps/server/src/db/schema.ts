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
}
