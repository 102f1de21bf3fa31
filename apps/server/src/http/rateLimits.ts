import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from './errors.ts';
import { isLoopbackHost } from './loopback.ts';

/**
 * Sign-in attempts per client address and minute, whatever their outcome: each costs an argon2 verify
 * (about 20 ms of CPU), so one address cannot keep the server busy. Failures are also throttled per account
 * and address by the sign-in throttle (growing delays). Loopback is exempt: the tests, and a reverse proxy
 * on the same machine not trusted with PENSTOCK_TRUST_PROXY (every user would share one address).
 */
export const SIGNIN_ATTEMPTS_PER_MINUTE = 60;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Registers @fastify/rate-limit once for the whole server: only the routes that ask for it
 * (`config.rateLimit`, with their own limits and message) are limited.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Try again in ${seconds(context.ttl)} seconds.`),
  });
}

/** The route option of a sign-in route. */
export const signInRateLimit = {
  rateLimit: {
    max: SIGNIN_ATTEMPTS_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request: FastifyRequest) => isLoopbackHost(request.ip),
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        `Too many sign-in attempts from your address. Try again in ${seconds(context.ttl)} seconds.`,
      ),
  },
};
