import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { AuthService } from './auth.service.ts';
import { authRoutes } from './auth.routes.ts';
import { SessionsRepo } from './sessions.repo.ts';
import { SignInLimiter } from './signinLimiter.ts';
import { UsersRepo } from './users.repo.ts';

export { UsersRepo } from './users.repo.ts';
export { hashPassword } from './password.ts';

/** Wires the accounts module and resolves the signed-in user of every request. */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  options: { secureCookies: boolean; idleMinutes: number },
): { users: UsersRepo; auth: AuthService } {
  const users = new UsersRepo(db);
  const auth = new AuthService(
    users,
    new SessionsRepo(db),
    { email: new SignInLimiter(5), ip: new SignInLimiter(30) },
    options.idleMinutes * 60_000,
  );
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/'))
      request.currentUser = await auth.userForToken(request.cookies[SESSION_COOKIE]);
  });
  authRoutes(app, { auth, ...options });
  return { users, auth };
}
