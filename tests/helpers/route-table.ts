import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The path as registered, with `:params` and `*`. */
  path: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree (`printRoutes`), so a route
 * added anywhere (a feature, a plugin, the SPA) shows up without anyone listing it. HEAD routes
 * that Fastify adds beside each GET are left out: they run the GET's handler.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes();
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

/** `GET /api/x/:id`, the key the authorization matrix and the fuzz use. */
export const routeKey = (route: RegisteredRoute) => `${route.method} ${route.path}`;
