import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { TEST_PREMIUM_HEADER } from '#contract/entitlements.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { User } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { userForSessionToken, type IssuedSession } from '../features/auth/auth.service.ts';
import type { SessionCache } from '../features/auth/session-cache.ts';
import { premiumFor } from '../features/billing/premium.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api request. */
    user: User | null;
    /** Decided here, on the server, for the signed-in user (false when signed out). */
    isPremium: boolean;
  }
}

/** Reads the session cookie of every API request into request.user. */
export async function registerSession(app: FastifyInstance, deps: { db: Db; sessionCache: SessionCache }, config: Config): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('isPremium', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[config.session.cookieName];
    if (!token || token.length > 100) return;
    request.user = (await userForSessionToken(deps, token)) ?? null;
    if (request.user) {
      const testPremium = config.allowTestPremium && request.headers[TEST_PREMIUM_HEADER] === 'true';
      request.isPremium = testPremium || (await premiumFor(deps.db, request.user));
    }
  });
}

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('unauthorized:auth');
  return request.user;
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[config.session.cookieName];
}

/** A remembered session gets a dated cookie; otherwise a browser-session cookie (no Expires). */
export function setSessionCookie(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(config.session.cookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.secureCookie,
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(config.session.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.session.secureCookie });
}
