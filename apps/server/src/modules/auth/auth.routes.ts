import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignInBodySchema } from '@penstock/shared';
import { HttpError, describeZodError, parseInput } from '../../http/errors.ts';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  cookieSecure,
  requireUser,
  setSessionCookie,
} from '../../http/session.ts';
import { signInRateLimit } from '../../http/rateLimits.ts';
import type { AuthService } from './auth.service.ts';
import { safeReturnTo, signInPage, signedOutPage } from './auth.pages.ts';

export interface AuthRouteOptions {
  auth: AuthService;
  secureCookies: boolean;
  idleMinutes: number;
  /** with single sign-on configured (oidc.routes.ts) */
  singleSignOn?: SingleSignOnHooks;
}

/** What the password routes need of single sign-on, when it is configured. */
export interface SingleSignOnHooks {
  /** what the pages call the provider */
  name: string;
  /** the link that starts it from Penstock's sign-in page */
  startHref(returnTo: string): string;
  /** starts a sign-in (sets its cookie) and answers the provider's authorization address */
  signInUrl(request: FastifyRequest, reply: FastifyReply, returnTo: string): Promise<string>;
  /** the provider's sign-out address for a session it opened, read before the session ends; else null */
  providerSignOutUrl(sessionToken: string | undefined): Promise<string | null>;
}

export const SIGNED_OUT_URL = '/auth/signed-out';

export function authRoutes(
  app: FastifyInstance,
  { auth, secureCookies, idleMinutes, singleSignOn }: AuthRouteOptions,
): void {
  // The spec's Sign in button fetches this address as text and sends the browser to it: the provider's
  // authorization address with single sign-on, else Penstock's own sign-in page.
  // `?returnTo=<same-site path>` (a deep link opened while signed out) is where signing in leads back to
  app.get('/api/auth/signin-url', async (request, reply) => {
    const { returnTo } = request.query as { returnTo?: string };
    if (!singleSignOn)
      return reply
        .type('text/plain; charset=utf-8')
        .send(`/auth/signin?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`);
    const url = await singleSignOn.signInUrl(request, reply, safeReturnTo(returnTo));
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(url);
  });

  // PENSTOCK_LOCAL_SIGNIN=0: the password routes answer 403 and the sign-in page has no form
  const passwordSignIn = auth.passwordSignInAllowed;
  const pageOptions = (returnTo: string) =>
    singleSignOn
      ? {
          returnTo,
          passwordSignIn,
          singleSignOn: { name: singleSignOn.name, href: singleSignOn.startHref(returnTo) },
        }
      : { returnTo };

  app.get('/auth/signin', async (request, reply) => {
    const { returnTo } = request.query as { returnTo?: string };
    return reply.type('text/html; charset=utf-8').send(signInPage(pageOptions(safeReturnTo(returnTo))));
  });

  app.post('/auth/signin', { config: signInRateLimit }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(form.returnTo);
    const email = typeof form.email === 'string' ? form.email : '';
    // turned off: 403 { error }, like the API's route (the page offers no form then)
    if (!passwordSignIn) await auth.refusePassword(email, request.ip);
    const parsed = SignInBodySchema.safeParse(form);
    const html = (status: number, error: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(signInPage({ ...pageOptions(returnTo), email, error }));
    if (!parsed.success) return html(400, describeZodError(parsed.error).replace(/^\w+: /, ''));
    try {
      const { token } = await auth.signIn(parsed.data.email, parsed.data.password, request.ip);
      setSessionCookie(reply, token, cookieSecure(request, secureCookies), idleMinutes);
      return reply.redirect(returnTo, 303);
    } catch (error) {
      if (error instanceof HttpError) return html(error.statusCode, error.message);
      throw error;
    }
  });

  app.post('/api/auth/signin', { config: signInRateLimit }, async (request, reply) => {
    if (!passwordSignIn) {
      const typed = (request.body as { email?: unknown } | undefined)?.email;
      await auth.refusePassword(typeof typed === 'string' ? typed : '', request.ip);
    }
    const body = parseInput(SignInBodySchema, request.body);
    const { token, user } = await auth.signIn(body.email, body.password, request.ip);
    setSessionCookie(reply, token, cookieSecure(request, secureCookies), idleMinutes);
    return user;
  });

  app.get('/api/user', async (request) => requireUser(request));

  app.get('/api/user/logoff', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    // the provider's sign-out for a session it opened: read before the session (and its ID token) ends
    const providerSignOut = singleSignOn ? await singleSignOn.providerSignOutUrl(token) : null;
    await auth.signOut(token, request.ip);
    clearSessionCookie(reply);
    if (!providerSignOut) return { signedOutUrl: SIGNED_OUT_URL };
    // the web app reads the address and goes there; a browser sent here directly is redirected
    if (request.headers['sec-fetch-mode'] === 'navigate') return reply.redirect(providerSignOut, 303);
    return { signedOutUrl: providerSignOut };
  });

  app.get(SIGNED_OUT_URL, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(signedOutPage()),
  );
}
