import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of every response (a route may set a stricter one: file contents are sandboxed). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "connect-src 'self' blob: data:",
  "frame-src 'self'",
].join(';');

/**
 * The security headers of every response: helmet's defaults (the same names and values as
 * `@fastify/helmet` gave with this policy; a test compares them), without Cross-Origin-Embedder-Policy (the
 * viewer's workers and WASM need no isolation, and it would block blob: workers) and without
 * upgrade-insecure-requests (Penstock is often reached over plain HTTP on a local network).
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Sets the security headers on every response. `@fastify/helmet` built helmet's whole middleware chain
 * again on every request (parsing the policy's directives each time, in two hooks): 30 to 35 µs of a cheap
 * read's CPU. The headers never change, so they are written once here and set as helmet set them (on the
 * raw response, so a route's own header of the same name wins).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
}
