import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './securityHeaders.ts';

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    ),
  );

describe('security headers', () => {
  it('are the ones @fastify/helmet gave with Penstock’s policy', async () => {
    const withHelmet = Fastify();
    // the registration app.ts had before the headers were written once
    await withHelmet.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          workerSrc: ["'self'", 'blob:'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'", 'blob:', 'data:'],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    withHelmet.get('/', async () => ({ ok: true }));
    const ours = Fastify();
    installSecurityHeaders(ours);
    ours.get('/', async () => ({ ok: true }));
    const expected = securityHeadersOf((await withHelmet.inject({ url: '/' })).headers);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(securityHeadersOf((await ours.inject({ url: '/' })).headers)).toEqual(expected);
    // on errors and unknown routes too
    expect(securityHeadersOf((await ours.inject({ url: '/nowhere' })).headers)).toMatchObject(expected);
  });

  it('give way to a route’s own policy', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/file', async (_request, reply) =>
      reply.header('Content-Security-Policy', "sandbox; default-src 'none'").send('x'),
    );
    const response = await app.inject({ url: '/file' });
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
