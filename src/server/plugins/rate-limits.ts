import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`). Alone, an instance counts in memory; with
 * Redis, every instance counts in the same place (docs/decisions/003-abuse-protection.md, 029). While
 * Redis is away a request is let through uncounted rather than refused or held.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: { counters: Redis; prefix: string }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rate_limit:general'),
    ...(redis ? { redis: redis.counters, nameSpace: `${redis.prefix}rate-limit:`, skipOnError: true } : {}),
  });
}

/** Route config: `max` requests per `minutes` per client address, answered with the given error. */
export function rateLimitConfig(max: number, minutes: number, code: 'rate_limit:auth' | 'rate_limit:general' = 'rate_limit:auth') {
  return { rateLimit: { max, timeWindow: minutes * 60 * 1000, errorResponseBuilder: () => new AppError(code) } };
}
