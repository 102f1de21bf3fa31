import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { SESSION_COOKIE, cookieSecure, setSessionCookie } from '../../http/session.ts';
import { AuthService } from './auth.service.ts';
import { authRoutes } from './auth.routes.ts';
import { SessionsRepo } from './sessions.repo.ts';
import { SignInThrottle } from './signinThrottle.ts';
import { SigninFailuresRepo } from './signinFailures.repo.ts';
import { UsersRepo } from './users.repo.ts';
import type { AuditLog } from '../audit/index.ts';

export { UsersRepo } from './users.repo.ts';
export type { AuthService } from './auth.service.ts';
export { hashPassword } from './password.ts';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Wires the accounts module and resolves the signed-in user of every request. */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  options: { secureCookies: boolean; idleMinutes: number; audit?: AuditLog },
): { users: UsersRepo; auth: AuthService } {
  const users = new UsersRepo(db);
  const auth = new AuthService(
    users,
    new SessionsRepo(db),
    new SignInThrottle(new SigninFailuresRepo(db)),
    options.idleMinutes * 60_000,
    options.audit,
  );
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    const session = await auth.userForToken(token);
    request.currentUser = session?.user ?? null;
    // sliding expiry: the cookie lives as long as the session it carries
    if (session?.renewed && token)
      setSessionCookie(reply, token, cookieSecure(request, options.secureCookies), options.idleMinutes);
  });
  authRoutes(app, { auth, secureCookies: options.secureCookies, idleMinutes: options.idleMinutes });
  // expired sessions are purged at start and hourly (the timer never keeps the process alive)
  const purge = () =>
    void auth
      .purgeExpiredSessions()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
  app.addHook('onReady', async () => purge());
  const timer = setInterval(purge, SESSION_PURGE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { users, auth };
}
