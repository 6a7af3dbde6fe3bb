import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`); the in-memory store is per instance.
 * Several instances need a shared store (Redis), noted in docs/decisions/003-abuse-protection.md.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rate_limit:general'),
  });
}

/** Route config: `max` requests per `minutes` per client address, answered with the given error. */
export function rateLimitConfig(max: number, minutes: number, code: 'rate_limit:auth' | 'rate_limit:general' = 'rate_limit:auth') {
  return { rateLimit: { max, timeWindow: minutes * 60 * 1000, errorResponseBuilder: () => new AppError(code) } };
}
