import {
  PROJECT_ROLES,
  type ProjectRole,
  type AdminProject,
  type ProjectListItem,
  type ProjectMember,
} from '@penstock/shared';
import type { ProjectsTable } from '../../db/schema.ts';
import type { MemberRow, ProjectOfUser } from './projects.repo.ts';

/** The project's own page in Penstock: its issue log (the spec's external tracker). */
export const projectHref = (projectId: string) => `/projectLog?projectId=${encodeURIComponent(projectId)}`;

const isProjectRole = (role: string): role is ProjectRole =>
  (PROJECT_ROLES as readonly string[]).includes(role);

/** A project of the '#' tree listing, with the signed-in user's role in it when known. */
export const presentProjectListItem = (project: ProjectsTable | ProjectOfUser): ProjectListItem => ({
  id: project.id,
  projectid: project.id,
  text: project.name,
  type: 'project',
  hrefbim360: projectHref(project.id),
  ...('member_role' in project && isProjectRole(project.member_role) ? { role: project.member_role } : {}),
});

const presentMember = (row: MemberRow): ProjectMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  role: row.role as ProjectMember['role'],
});

export const presentAdminProject = (project: ProjectsTable, members: MemberRow[]): AdminProject => ({
  id: project.id,
  name: project.name,
  createdAt: project.created_at,
  members: members.filter((m) => m.project_id === project.id).map(presentMember),
});
