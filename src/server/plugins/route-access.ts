import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Who may call an API route, decided before its body is read or validated (issue 29, point 22: an anonymous
 * caller learns nothing of a route's schema): `signed-in` (the default), `admin`, or `public` (the route
 * decides for itself: sign-in, signup, the signed upload URLs, health...).
 */
export type RouteAccess = 'public' | 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/route-access.ts); `signed-in` when not said. */
    access?: RouteAccess;
  }
}

/** Route config of a route anyone may call. */
export const publicRoute = { access: 'public' } as const satisfies { access: RouteAccess };
/** Route config of a route for the admin role only. */
export const adminRoute = { access: 'admin' } as const satisfies { access: RouteAccess };

/**
 * Every /api route is closed unless it says otherwise: each gets an onRequest hook of its own, run after
 * the session lookup (an instance hook, plugins/session.ts) and before its rate limit, body parsing and
 * validation, answering 401 without a session and 403 to a non-admin on an admin route. The services
 * keep their own checks. Registered before any route, so none is missed.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access ?? 'signed-in';
    if (access === 'public') return;
    const check: onRequestHookHandler = (request, _reply, done) => {
      if (!request.user) return done(new AppError('unauthorized:auth'));
      if (access === 'admin' && request.user.appUserType !== 'admin') return done(new AppError('forbidden:auth'));
      done();
    };
    route.onRequest = route.onRequest ? [check, ...[route.onRequest].flat()] : [check];
  });
}
