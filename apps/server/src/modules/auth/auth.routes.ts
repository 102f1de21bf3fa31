import type { FastifyInstance } from 'fastify';
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
}

export const SIGNED_OUT_URL = '/auth/signed-out';

export function authRoutes(
  app: FastifyInstance,
  { auth, secureCookies, idleMinutes }: AuthRouteOptions,
): void {
  // The spec's Sign in button fetches this address as text and sends the browser to it.
  app.get('/api/auth/signin-url', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`/auth/signin?returnTo=${encodeURIComponent('/main')}`),
  );

  app.get('/auth/signin', async (request, reply) => {
    const { returnTo } = request.query as { returnTo?: string };
    return reply.type('text/html; charset=utf-8').send(signInPage({ returnTo: safeReturnTo(returnTo) }));
  });

  app.post('/auth/signin', { config: signInRateLimit }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(form.returnTo);
    const email = typeof form.email === 'string' ? form.email : '';
    const parsed = SignInBodySchema.safeParse(form);
    const html = (status: number, error: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(signInPage({ returnTo, email, error }));
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
    const body = parseInput(SignInBodySchema, request.body);
    const { token, user } = await auth.signIn(body.email, body.password, request.ip);
    setSessionCookie(reply, token, cookieSecure(request, secureCookies), idleMinutes);
    return user;
  });

  app.get('/api/user', async (request) => requireUser(request));

  app.get('/api/user/logoff', async (request, reply) => {
    await auth.signOut(request.cookies[SESSION_COOKIE], request.ip);
    clearSessionCookie(reply);
    return { signedOutUrl: SIGNED_OUT_URL };
  });

  app.get(SIGNED_OUT_URL, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(signedOutPage()),
  );
}
