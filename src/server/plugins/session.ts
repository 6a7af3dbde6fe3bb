import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { TEST_PREMIUM_HEADER } from '#contract/entitlements.ts';
import type { Config } from '../config.ts';
import type { User } from '../db/schema.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api request. */
    user: User | null;
    /** Decided here, on the server, for the signed-in user (false when signed out). */
    isPremium: boolean;
  }
}

/** A browser session as its cookie carries it: the token, and whether it outlives the browser. */
export interface IssuedSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

/** The signed-in user and what the server decided about Premium for this request: what services are given. */
export interface Caller {
  user: User;
  isPremium: boolean;
}

/** What the session plugin asks of the features (wired in app.ts): plugins know no feature. */
export interface SessionLookups {
  /** Who a token belongs to (the auth feature). */
  findUser(token: string): Promise<User | undefined>;
  /** Whether the user's plan is Premium right now (the billing feature: a subscriber's subscription decides). */
  premiumOf(user: User): Promise<boolean>;
}

/** Reads the session cookie of every API request into request.user, and decides Premium for it. */
export async function registerSession(app: FastifyInstance, { findUser, premiumOf }: SessionLookups, config: Config): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('isPremium', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[config.session.cookieName];
    if (!token) return;
    request.user = (await findUser(token)) ?? null;
    if (request.user) {
      const testPremium = config.allowTestPremium && request.headers[TEST_PREMIUM_HEADER] === 'true';
      request.isPremium = testPremium || (await premiumOf(request.user));
    }
  });
}

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('unauthorized:auth');
  return request.user;
}

/** The caller of a request that needs sign-in (401 otherwise). */
export function callerOf(request: FastifyRequest): Caller {
  return { user: requireUser(request), isPremium: request.isPremium };
}

/** Routes under /api/users/:id are the caller's own: another account's id answers as if it did not exist. */
export function assertSelf(caller: Caller, userId: string): void {
  if (userId !== caller.user.id) throw new AppError('not_found:user');
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
