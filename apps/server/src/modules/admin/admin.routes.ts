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
import type { AdminService } from './admin.service.ts';

export function adminRoutes(app: FastifyInstance, { admin }: { admin: AdminService }): void {
  const administrator = (request: FastifyRequest) => {
    const user = requireUser(request);
    admin.requireAdministrator(user);
    return user;
  };
  const params = (request: FastifyRequest) => request.params as Record<string, string>;

  app.get('/api/admin/users', async (request) => {
    administrator(request);
    return admin.listUsers();
  });

  app.post('/api/admin/users', async (request, reply) => {
    administrator(request);
    return reply.status(201).send(await admin.createUser(parseInput(CreateUserBodySchema, request.body)));
  });

  app.patch('/api/admin/users/:id', async (request) => {
    const actor = administrator(request);
    return admin.updateUser(actor, params(request).id!, parseInput(UpdateUserBodySchema, request.body));
  });

  app.post('/api/admin/users/:id/password', async (request, reply) => {
    administrator(request);
    const { password } = parseInput(ResetPasswordBodySchema, request.body);
    await admin.resetPassword(params(request).id!, password);
    return reply.status(204).send();
  });

  app.get('/api/admin/projects', async (request) => {
    administrator(request);
    return admin.listProjects();
  });

  app.post('/api/admin/projects', async (request, reply) => {
    const actor = administrator(request);
    const { name } = parseInput(CreateProjectBodySchema, request.body);
    return reply.status(201).send(await admin.createProject(name, actor));
  });

  app.put('/api/admin/projects/:projectId/members', async (request) => {
    administrator(request);
    const projectId = parseInput(ProjectIdSchema, params(request).projectId);
    const { userId, role } = parseInput(AddMemberBodySchema, request.body);
    return admin.setMember(projectId, userId, role);
  });

  app.delete('/api/admin/projects/:projectId/members/:userId', async (request) => {
    administrator(request);
    const projectId = parseInput(ProjectIdSchema, params(request).projectId);
    return admin.removeMember(projectId, params(request).userId!);
  });
}
