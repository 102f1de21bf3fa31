import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@penstock/shared';
import { unauthorized } from '../../http/errors.ts';
import { cookieSecure, setSessionCookie } from '../../http/session.ts';
import { tokenId, type AuthService } from './auth.service.ts';
import type { SessionWithUser } from './sessions.repo.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's service reads the session in the same query as its data (request.sessionAsker): the auth
     * hook reads none, so a request is one round trip to the database (issue 38: GET /api/tree of a folder).
     */
    sessionInQuery?: boolean;
  }
  interface FastifyRequest {
    /** on a route with config.sessionInQuery: the session cookie's, to be read by the service's query */
    sessionAsker: SessionAsker | null;
  }
}

/**
 * Who asks, on a route whose service reads the session itself (config.sessionInQuery): its query reads the
 * session by `sessionId` (sessionColumns in sessions.repo.ts) beside its own data, and `settle` then applies the
 * rules every request's session goes through (AuthService.settleSession: expiry, a disabled account, the
 * sliding expiry and its cookie). Nothing read is answered before `settle` and the access check.
 */
export interface SessionAsker {
  /** the session's stored id (the hash of the cookie's token) */
  readonly sessionId: string;
  /** the user of the session the service's query read: 401 unless it is live */
  settle(found: SessionWithUser | undefined): Promise<CurrentUser>;
  /** the session read on its own (one query), for the service's other paths: 401 unless it is live */
  user(): Promise<CurrentUser>;
}

export function createSessionAsker(
  auth: AuthService,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { secureCookies: boolean; idleMinutes: number },
): SessionAsker {
  const sessionId = tokenId(token);
  const settle = async (found: SessionWithUser | undefined): Promise<CurrentUser> => {
    const session = await auth.settleSession(sessionId, found);
    if (!session) throw unauthorized();
    request.currentUser = session.user;
    // sliding expiry: the cookie lives as long as the session it carries
    if (session.renewed)
      setSessionCookie(reply, token, cookieSecure(request, cookie.secureCookies), cookie.idleMinutes);
    return session.user;
  };
  return {
    sessionId,
    settle,
    user: async () => settle(await auth.findSession(sessionId)),
  };
}

/** The session asker of a sessionInQuery route: 401 without a session cookie. */
export function requireSessionAsker(request: FastifyRequest): SessionAsker {
  if (!request.sessionAsker) throw unauthorized();
  return request.sessionAsker;
}

/**
 * A sessionInQuery route's input, read before its service's query: when it is refused (400, 413), a caller
 * without a live session is told so first (401, the session read on its own), as on every other route. With
 * `largeBody`, a body over that many bytes (or of unknown length) is read only once the session is known live
 * (one round trip more for a large upload, none for the usual small one): a caller with a made-up cookie
 * cannot make the server read and parse a large body.
 */
export async function inputOf<T>(
  asker: SessionAsker,
  read: () => T | Promise<T>,
  largeBody?: { request: FastifyRequest; bytes: number },
): Promise<T> {
  if (largeBody) {
    const length = Number(largeBody.request.headers['content-length']);
    if (!(length <= largeBody.bytes)) await asker.user();
  }
  try {
    return await read();
  } catch (error) {
    await asker.user();
    throw error;
  }
}
