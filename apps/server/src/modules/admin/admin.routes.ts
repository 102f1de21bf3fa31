import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddMemberBodySchema,
  CreateProjectBodySchema,
  CreateUserBodySchema,
  ProjectIdSchema,
  ResetPasswordBodySchema,
  UpdateUserBodySchema,
} from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { AuditEvent, AuditLog } from '../audit/index.ts';
import type { AdminService } from './admin.service.ts';

export function adminRoutes(
  app: FastifyInstance,
  { admin, audit }: { admin: AdminService; audit: AuditLog },
): void {
  const administrator = async (request: FastifyRequest) => {
    const user = requireUser(request);
    await admin.requireAdministrator(user);
    return user;
  };
  /** every administrative change is in the audit log, with who made it and from where */
  const record = (request: FastifyRequest, event: Omit<AuditEvent, 'actor' | 'ip'>) => {
    const actor = requireUser(request);
    return audit.record({ ...event, actor: { id: actor.id, email: actor.email }, ip: request.ip });
  };
  const params = (request: FastifyRequest) => request.params as Record<string, string>;

  app.get('/api/admin/users', async (request) => {
    return admin.listUsers(await administrator(request));
  });

  app.post('/api/admin/users', async (request, reply) => {
    const actor = await administrator(request);
    const user = await admin.createUser(actor, parseInput(CreateUserBodySchema, request.body));
    await record(request, { action: 'user.create', target: user.email, detail: { roles: user.roles } });
    return reply.status(201).send(user);
  });

  app.patch('/api/admin/users/:id', async (request) => {
    const actor = await administrator(request);
    const body = parseInput(UpdateUserBodySchema, request.body);
    const user = await admin.updateUser(actor, params(request).id!, body);
    // what was asked for, never a password
    await record(request, { action: 'user.update', target: user.email, detail: { ...body } });
    return user;
  });

  app.post('/api/admin/users/:id/password', async (request, reply) => {
    const actor = await administrator(request);
    const { password } = parseInput(ResetPasswordBodySchema, request.body);
    const user = await admin.resetPassword(actor, params(request).id!, password);
    await record(request, { action: 'user.password', target: user.email });
    return reply.status(204).send();
  });

  app.get('/api/admin/projects', async (request) => {
    return admin.listProjects(await administrator(request));
  });

  app.post('/api/admin/projects', async (request, reply) => {
    const actor = await administrator(request);
    const { name } = parseInput(CreateProjectBodySchema, request.body);
    const project = await admin.createProject(actor, name);
    await record(request, { action: 'project.create', target: project.name });
    return reply.status(201).send(project);
  });

  app.put('/api/admin/projects/:projectId/members', async (request) => {
    const actor = await administrator(request);
    const projectId = parseInput(ProjectIdSchema, params(request).projectId);
    const { userId, role } = parseInput(AddMemberBodySchema, request.body);
    const project = await admin.setMember(actor, projectId, userId, role);
    const member = project.members.find((m) => m.userId === userId);
    await record(request, {
      action: 'member.set',
      target: project.name,
      detail: { member: member?.email ?? userId, role },
    });
    return project;
  });

  app.delete('/api/admin/projects/:projectId/members/:userId', async (request) => {
    const actor = await administrator(request);
    const projectId = parseInput(ProjectIdSchema, params(request).projectId);
    const userId = params(request).userId!;
    const project = await admin.removeMember(actor, projectId, userId);
    await record(request, {
      action: 'member.remove',
      target: project.name,
      detail: { member: await admin.emailOf(actor, userId) },
    });
    return project;
  });
}
