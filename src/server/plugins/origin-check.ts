import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing request that a
 * browser marks as coming from another site is refused. "Same origin" is scheme, host and port
 * exactly (an https:// page is not the http:// server): the request's own (its protocol, which
 * is X-Forwarded-Proto's behind a trusted proxy, and its Host) or the configured public URL's.
 * A request with neither Origin nor Sec-Fetch-Site (curl, server-to-server) carries no ambient
 * browser cookie risk and is judged by its session alone.
 */
export function isCrossOrigin(request: Pick<FastifyRequest, 'method' | 'headers' | 'protocol'>, publicUrl: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const originUrl = URL.parse(origin);
    if (!originUrl) return true;
    // URL's origin drops default ports, so http://example.com:80 = http://example.com.
    const own = request.headers.host ? URL.parse(`${request.protocol}://${request.headers.host}`)?.origin : undefined;
    if (originUrl.origin === own) return false;
    if (publicUrl && URL.parse(publicUrl)?.origin === originUrl.origin) return false;
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
