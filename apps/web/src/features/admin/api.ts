import {
  AdminProjectSchema,
  AdminUserSchema,
  type AdminProject,
  type AdminUser,
  type AuditPage,
  type CreateUserBody,
  type ProjectRole,
  type UpdateUserBody,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

const users = '/api/admin/users';
const projects = '/api/admin/projects';
const id = encodeURIComponent;

export const fetchUsers = (): Promise<AdminUser[]> => apiFetch(users, {}, AdminUserSchema.array());

export const createUser = (body: CreateUserBody): Promise<AdminUser> =>
  apiFetch(users, { method: 'POST', json: body }, AdminUserSchema);

export const updateUser = (userId: string, body: UpdateUserBody): Promise<AdminUser> =>
  apiFetch(`${users}/${id(userId)}`, { method: 'PATCH', json: body }, AdminUserSchema);

export const resetPassword = (userId: string, password: string): Promise<void> =>
  apiFetch(`${users}/${id(userId)}/password`, { method: 'POST', json: { password } });

export const fetchAdminProjects = (): Promise<AdminProject[]> =>
  apiFetch(projects, {}, AdminProjectSchema.array());

export const createProject = (name: string): Promise<AdminProject> =>
  apiFetch(projects, { method: 'POST', json: { name } }, AdminProjectSchema);

export const putMember = (projectId: string, userId: string, role: ProjectRole): Promise<AdminProject> =>
  apiFetch(
    `${projects}/${id(projectId)}/members`,
    { method: 'PUT', json: { userId, role } },
    AdminProjectSchema,
  );

export const removeMember = (projectId: string, userId: string): Promise<AdminProject> =>
  apiFetch(`${projects}/${id(projectId)}/members/${id(userId)}`, { method: 'DELETE' }, AdminProjectSchema);

/** A page of the audit log, newest first; `before` is the previous page's `next`. */
export const fetchAuditPage = (before?: string): Promise<AuditPage> =>
  apiFetch<AuditPage>(`/api/admin/audit${before ? `?before=${encodeURIComponent(before)}` : ''}`);
