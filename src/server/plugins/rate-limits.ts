import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Route config: `max` requests per minute per signed-in account (the client address for a caller
 * without one), answered with rate_limit:general. Every route that calls the model or makes a file on
 * the server's CPU is limited this way, whatever the plan.
 */
export function perAccountRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
      errorResponseBuilder: () => new AppError('rate_limit:general'),
    },
  };
}
