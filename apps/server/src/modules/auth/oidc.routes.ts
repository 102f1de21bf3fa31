import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { signInRateLimit } from '../../http/rateLimits.ts';
import { cookieSecure, setSessionCookie } from '../../http/session.ts';
import { safeReturnTo, signInRefusedPage } from './auth.pages.ts';
import { SIGNIN_LIFETIME_MS, type OidcService } from './oidc.service.ts';

/** The HttpOnly cookie that ties a sign-in under way to the browser that started it. */
export const OIDC_COOKIE = 'penstock_oidc';
export const OIDC_START_PATH = '/auth/oidc/start';

export interface OidcRouteOptions {
  oidc: OidcService;
  /** the path of the redirect URL the provider sends the browser back to */
  callbackPath: string;
  /** what the pages call the provider */
  providerName: string;
  passwordSignIn: boolean;
  secureCookies: boolean;
  idleMinutes: number;
}

/** The address that starts a single sign-on from a link (Penstock's own sign-in page). */
export const oidcStartHref = (returnTo: string) =>
  `${OIDC_START_PATH}?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * Starts a sign-in at the provider: the browser keeps the secret in a short-lived HttpOnly cookie (sent only
 * to the callback; SameSite=Lax, so it comes back with the provider's top-level redirect) and goes to the
 * answered address.
 */
export async function startSingleSignOn(
  oidc: OidcService,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { callbackPath: string; secureCookies: boolean; returnTo: string },
): Promise<string> {
  const { url, browserSecret } = await oidc.start(options.returnTo);
  reply.setCookie(OIDC_COOKIE, browserSecret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(request, options.secureCookies),
    path: options.callbackPath,
    maxAge: SIGNIN_LIFETIME_MS / 1000,
  });
  return url;
}

/** Single sign-on's own routes; registered only when it is configured. */
export function oidcRoutes(app: FastifyInstance, options: OidcRouteOptions): void {
  const { oidc, callbackPath, secureCookies, idleMinutes } = options;
  const page = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(signInRefusedPage(message));

  app.get(OIDC_START_PATH, { config: signInRateLimit }, async (request, reply) => {
    const { returnTo } = request.query as { returnTo?: string };
    try {
      const url = await startSingleSignOn(oidc, request, reply, {
        callbackPath,
        secureCookies,
        returnTo: safeReturnTo(returnTo),
      });
      return reply.redirect(url, 303);
    } catch (error) {
      if (error instanceof HttpError) return page(reply, error.statusCode, error.message);
      throw error;
    }
  });

  app.get(callbackPath, { config: signInRateLimit }, async (request, reply) => {
    const query = request.raw.url?.split('?')[1] ?? '';
    const browserSecret = request.cookies[OIDC_COOKIE];
    // used once, whatever the outcome
    reply.clearCookie(OIDC_COOKIE, { path: callbackPath });
    try {
      const { token, returnTo } = await oidc.complete(browserSecret, query, request.ip);
      setSessionCookie(reply, token, cookieSecure(request, secureCookies), idleMinutes);
      return reply.redirect(safeReturnTo(returnTo), 303);
    } catch (error) {
      if (error instanceof HttpError) return page(reply, error.statusCode, error.message);
      throw error;
    }
  });
}
