import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing request that a
 * browser marks as coming from another site is refused. "Same origin" is the request's own
 * host or the configured public URL. A request with neither Origin nor Sec-Fetch-Site
 * (curl, server-to-server) carries no ambient browser cookie risk and is judged by its session alone.
 */
export function isCrossOrigin(request: Pick<FastifyRequest, 'method' | 'headers'>, publicUrl: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      return true;
    }
    const originHost = originUrl.host;
    // Parse the Host header with the origin's scheme so default ports compare equal (example.com:443 = example.com).
    const ownHost = request.headers.host ? URL.parse(`${originUrl.protocol}//${request.headers.host}`)?.host : undefined;
    if (originHost === ownHost) return false;
    if (publicUrl && new URL(publicUrl).host === originHost) return false;
    return true;
  }
  if (origin === 'null') return true;
  const site = request.headers['sec-fetch-site'];
  if (site) return !(site === 'same-origin' || site === 'none');
  return false;
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (isCrossOrigin(request, publicUrl)) throw new AppError('forbidden:origin');
  });
}
