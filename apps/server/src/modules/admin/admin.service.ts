import {
  type AdminProject,
  type AdminUser,
  type CreateUserBody,
  type CurrentUser,
  type ProjectRole,
  type UpdateUserBody,
} from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { EVERYWHERE, type AccessService } from '../../security/access.ts';
import { hashPassword, presentAdminUser, type UsersRepo } from '../auth/index.ts';
import { ISO_19650_FOLDERS } from '../documents/index.ts';
import { presentAdminProject, type ProjectsRepo } from '../projects/index.ts';

/**
 * Users, roles, projects and membership: administrators only. Every method takes the acting user first and
 * checks it (the routes also refuse a non-administrator before they read a parameter).
 */
export class AdminService {
  constructor(
    private readonly users: UsersRepo,
    private readonly projects: ProjectsRepo,
    private readonly access: AccessService,
  ) {}

  /** The routes call it first, before they read a parameter; every method below asks it again. */
  requireAdministrator(actor: CurrentUser): Promise<void> {
    return this.access.requireAccess(actor, EVERYWHERE, 'administer');
  }

  async listUsers(actor: CurrentUser): Promise<AdminUser[]> {
    await this.requireAdministrator(actor);
    return (await this.users.list()).map(presentAdminUser);
  }

  async createUser(actor: CurrentUser, body: CreateUserBody): Promise<AdminUser> {
    await this.requireAdministrator(actor);
    if (await this.users.findByEmail(body.email))
      throw conflict(`A user with the email ${body.email} already exists`);
    const user = await this.users.create({
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      roles: body.roles,
    });
    return presentAdminUser(user);
  }

  async updateUser(actor: CurrentUser, id: string, body: UpdateUserBody): Promise<AdminUser> {
    await this.requireAdministrator(actor);
    const user = await this.users.findById(id);
    if (!user) throw notFound('No such user');
    if (id === actor.id && body.disabled) throw badRequest('You cannot disable your own account');
    // the roles asked for, not a permission: an administrator never takes away their own (issue 32's rule
    // bans role names in services; this one is data being validated)
    // eslint-disable-next-line no-restricted-syntax
    if (id === actor.id && body.roles && !body.roles.includes('administrator')) {
      throw badRequest('You cannot remove your own administrator role');
    }
    await this.users.update(id, body);
    return presentAdminUser((await this.users.findById(id))!);
  }

  /** A new password (which ends the user's sessions); answers the user it was set for. */
  async resetPassword(actor: CurrentUser, id: string, password: string): Promise<AdminUser> {
    await this.requireAdministrator(actor);
    const user = await this.users.findById(id);
    if (!user) throw notFound('No such user');
    await this.users.setPasswordHash(id, await hashPassword(password));
    return presentAdminUser(user);
  }

  async listProjects(actor: CurrentUser): Promise<AdminProject[]> {
    await this.requireAdministrator(actor);
    const [projects, members] = await Promise.all([this.projects.listProjects(), this.projects.members()]);
    return projects.map((project) => presentAdminProject(project, members));
  }

  /** The administrator who creates it is its first manager. */
  async createProject(actor: CurrentUser, name: string): Promise<AdminProject> {
    await this.requireAdministrator(actor);
    // the project and its first manager in one transaction: never a project nobody can manage
    const project = await this.projects.createProject(name, ISO_19650_FOLDERS, actor.id);
    return this.project(project.id);
  }

  async setMember(
    actor: CurrentUser,
    projectId: string,
    userId: string,
    role: ProjectRole,
  ): Promise<AdminProject> {
    await this.requireAdministrator(actor);
    await this.project(projectId);
    if (!(await this.users.findById(userId))) throw notFound('No such user');
    await this.projects.upsertMember(projectId, userId, role);
    return this.project(projectId);
  }

  /** A user's email for the audit log (the id when there is no such user). */
  async emailOf(actor: CurrentUser, userId: string): Promise<string> {
    await this.requireAdministrator(actor);
    return (await this.users.findById(userId))?.email ?? userId;
  }

  async removeMember(actor: CurrentUser, projectId: string, userId: string): Promise<AdminProject> {
    await this.requireAdministrator(actor);
    await this.project(projectId);
    await this.projects.removeMember(projectId, userId);
    return this.project(projectId);
  }

  private async project(projectId: string): Promise<AdminProject> {
    const project = await this.projects.findProject(projectId);
    if (!project) throw notFound('No such project');
    return presentAdminProject(project, await this.projects.members([project.id]));
  }
}
