import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OidcSettings } from '../../env.ts';
import { SESSION_COOKIE, cookieSecure, setSessionCookie } from '../../http/session.ts';
import { AuthService } from './auth.service.ts';
import { SIGNED_OUT_URL, authRoutes, type SingleSignOnHooks } from './auth.routes.ts';
import { OidcProviderClient } from './oidc.client.ts';
import { OidcRepo } from './oidc.repo.ts';
import { OIDC_START_PATH, oidcRoutes, oidcStartHref, startSingleSignOn } from './oidc.routes.ts';
import { OidcService } from './oidc.service.ts';
import { roleMapProblems } from './oidcRoles.ts';
import { createSessionAsker } from './sessionAsker.ts';
import { SessionsRepo } from './sessions.repo.ts';
import { SignInThrottle } from './signinThrottle.ts';
import { SigninFailuresRepo } from './signinFailures.repo.ts';
import { UsersRepo } from './users.repo.ts';
import type { AuditLog } from '../audit/index.ts';

export { UsersRepo } from './users.repo.ts';
export { inputOf, requireSessionAsker, type SessionAsker } from './sessionAsker.ts';
export {
  readSessionColumns,
  sessionColumns,
  sessionUserId,
  type SessionColumns,
  type SessionWithUser,
} from './sessions.repo.ts';
export type { AuthService } from './auth.service.ts';
export { hashPassword } from './password.ts';
export { presentAdminUser } from './auth.presenter.ts';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Wires the accounts module and resolves the signed-in user of every request. */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  options: {
    secureCookies: boolean;
    idleMinutes: number;
    audit?: AuditLog;
    /** single sign-on (PENSTOCK_OIDC_*); unset: Penstock's own accounts only */
    oidc?: OidcSettings | undefined;
    /** PENSTOCK_LOCAL_SIGNIN: false turns password sign-in off (needs single sign-on) */
    localSignIn?: boolean;
    /** the address users open Penstock at (the provider sends them back to its signed-out page) */
    publicUrl?: string;
  },
): { users: UsersRepo; auth: AuthService } {
  const passwordSignIn = options.localSignIn ?? true;
  if (!passwordSignIn && !options.oidc)
    throw new Error(
      'PENSTOCK_LOCAL_SIGNIN=0 needs single sign-on (PENSTOCK_OIDC_ISSUER): nobody could sign in',
    );
  const users = new UsersRepo(db);
  const auth = new AuthService(
    users,
    new SessionsRepo(db),
    new SignInThrottle(new SigninFailuresRepo(db)),
    options.idleMinutes * 60_000,
    options.audit,
    passwordSignIn,
  );
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionAsker', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (request.routeOptions.config.sessionInQuery) {
      // the route's service reads the session in its own query (sessionAsker.ts)
      request.sessionAsker = token ? createSessionAsker(auth, token, request, reply, options) : null;
      return;
    }
    const session = await auth.userForToken(token);
    request.currentUser = session?.user ?? null;
    // sliding expiry: the cookie lives as long as the session it carries
    if (session?.renewed && token)
      setSessionCookie(reply, token, cookieSecure(request, options.secureCookies), options.idleMinutes);
  });
  const singleSignOn = options.oidc && registerSingleSignOn(app, db, auth, users, options.oidc, options);
  // what the sign-in page (the web app's) offers besides its Sign in button; always answered, so that a
  // browser without single sign-on configured sees no failed request
  app.get('/api/auth/methods', async () => ({
    singleSignOn: singleSignOn ? { name: singleSignOn.name } : null,
    passwordSignIn: auth.passwordSignInAllowed,
  }));
  authRoutes(app, {
    auth,
    secureCookies: options.secureCookies,
    idleMinutes: options.idleMinutes,
    ...(singleSignOn ? { singleSignOn } : {}),
  });
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

/** Single sign-on's service and routes, and what the password routes need of it. */
function registerSingleSignOn(
  app: FastifyInstance,
  db: Db,
  auth: AuthService,
  users: UsersRepo,
  settings: OidcSettings,
  options: { secureCookies: boolean; idleMinutes: number; audit?: AuditLog; publicUrl?: string },
): SingleSignOnHooks {
  const problems = [
    ...(settings.clientId ? [] : ['PENSTOCK_OIDC_CLIENT_ID is required with PENSTOCK_OIDC_ISSUER']),
    ...roleMapProblems(settings),
  ];
  if (problems.length) throw new Error(`Single sign-on is misconfigured:\n  ${problems.join('\n  ')}`);
  const publicOrigin = options.publicUrl ?? new URL(settings.redirectUrl).origin;
  const oidc = new OidcService(
    new OidcProviderClient(settings),
    new OidcRepo(db),
    users,
    auth,
    { ...settings, postLogoutRedirectUrl: `${publicOrigin}${SIGNED_OUT_URL}` },
    options.audit,
  );
  const callbackPath = new URL(settings.redirectUrl).pathname;
  if (callbackPath === OIDC_START_PATH)
    throw new Error('PENSTOCK_OIDC_REDIRECT_URL cannot be the start path');
  oidcRoutes(app, {
    oidc,
    callbackPath,
    providerName: settings.name,
    passwordSignIn: auth.passwordSignInAllowed,
    secureCookies: options.secureCookies,
    idleMinutes: options.idleMinutes,
  });
  return {
    name: settings.name,
    startHref: oidcStartHref,
    signInUrl: (request, reply, returnTo) =>
      startSingleSignOn(oidc, request, reply, {
        callbackPath,
        secureCookies: options.secureCookies,
        returnTo,
      }),
    providerSignOutUrl: (token) => oidc.providerSignOutUrl(token),
  };
}
