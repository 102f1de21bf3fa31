import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Calls that change state although they are GETs (the spec's sign-out is one). */
const STATE_CHANGING_GETS = new Set(['/api/user/logoff']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused. Open Penstock at its own address and try again.';

const changesState = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) || STATE_CHANGING_GETS.has(request.url.split('?')[0] ?? '');

/** The origin the browser used for this server: its scheme (X-Forwarded-Proto behind a trusted proxy) and host. */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Whether a state-changing request may run. A browser says where a request comes from: Sec-Fetch-Site (every
 * current browser) or, failing that, Origin. Only the same origin, or no site at all (an address typed or
 * bookmarked: 'none'), may change anything; another site (cross-site, or a sibling host: same-site) may not,
 * whatever cookies it carries. A client that sends neither header is not a browser (curl, scripts, the tests'
 * requests) and cannot be used for cross-site request forgery, so it passes to the usual session check.
 */
export function fromOwnOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return true;
  return origin === ownOrigin(request) || origin === publicOrigin;
}

/** Refuses state-changing calls from other sites with 403 (issue 16: more than SameSite=Lax). */
export function installOriginGuard(app: FastifyInstance, { publicUrl }: { publicUrl?: string } = {}): void {
  let publicOrigin: string | undefined;
  try {
    publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  } catch {
    publicOrigin = undefined;
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!changesState(request) || fromOwnOrigin(request, publicOrigin)) return;
    request.log.warn(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    return reply.status(403).send({ error: CROSS_SITE_MESSAGE });
  });
}
