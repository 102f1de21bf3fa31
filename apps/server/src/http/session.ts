import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@penstock/shared';
import { unauthorized } from './errors.ts';

export const SESSION_COOKIE = 'penstock_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, resolved once per request from the session cookie */
    currentUser: CurrentUser | null;
  }
}

/** Throws 401 unless the request carries a live session. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/**
 * Whether the session cookie is marked Secure: always with PENSTOCK_SECURE_COOKIES=1, and by itself whenever
 * the browser reached Penstock over HTTPS (directly, or behind a proxy trusted with PENSTOCK_TRUST_PROXY=1
 * that says so in X-Forwarded-Proto).
 */
export const cookieSecure = (request: FastifyRequest, always: boolean): boolean =>
  always || request.protocol === 'https';

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  secure: boolean,
  idleMinutes: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: idleMinutes * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
