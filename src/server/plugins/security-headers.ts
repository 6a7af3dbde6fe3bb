import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { cookieChoiceScript } from '#contract/cookie-choice-script.ts';

/**
 * Security headers and a Content-Security-Policy the built SPA runs under: scripts and styles
 * from our own origin only (inline style attributes are needed by Radix positioning and sonner; the
 * one inline script, which hides a cookie banner already answered, is allowed by its hash),
 * plus exactly Stripe.js's origins when payments are configured.
 *
 * helmet computes the header values once at start-up; each response then gets the same
 * precomputed set. Running helmet's middleware per request halved the API's throughput
 * (measured by `npm run bench`), for headers that never change between requests.
 */
export interface StripeSources {
  enabled: boolean;
  /** The Stripe API origin the browser's Stripe.js calls. */
  apiUrl: string;
  /** Where Stripe.js is loaded from (unset: js.stripe.com). */
  jsUrl?: string;
}

/**
 * What Stripe.js needs, and only when payments are on: its script and frames from its own origin,
 * calls to the Stripe API, and (from Stripe's real origin) the 3-D Secure frames on hooks.stripe.com.
 */
export function stripeSources(stripe: StripeSources | undefined) {
  if (!stripe?.enabled) return { script: [], frame: [], connect: [] };
  const js = new URL(stripe.jsUrl ?? 'https://js.stripe.com').origin;
  const api = new URL(stripe.apiUrl).origin;
  const hooks = js === 'https://js.stripe.com' ? ['https://hooks.stripe.com'] : [];
  return { script: [js], frame: [js, ...hooks], connect: [api] };
}

export interface SecurityHeaderOptions {
  isProduction: boolean;
  stripe?: StripeSources;
  /** Where browsers PUT uploaded files when that is not this origin (the S3 driver's bucket). */
  uploadOrigin?: string | null;
}

/** The CSP source that allows the one inline script, by its text's hash (contract/cookie-choice-script.ts). */
export const cookieChoiceScriptSource = `'sha256-${createHash('sha256').update(cookieChoiceScript).digest('base64')}'`;

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const stripe = stripeSources(options.stripe);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", cookieChoiceScriptSource, ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connect, ...(options.uploadOrigin ? [options.uploadOrigin] : [])],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", ...stripe.frame],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer (JSON, an event stream, a stored file) gets instead of the page's set: it is never
 * a page that runs scripts, so its policy allows nothing (OWASP's REST Security Cheat Sheet) and the
 * page-only headers (the opener policy, DNS prefetching, the agent cluster and the old IE and Flash
 * ones) are left off. Half the bytes a light JSON answer carried were the page's policy; sending them
 * cost `GET /api/auth/me` about 6 % of its throughput (decision 045). The transport and framing headers
 * stay, and no browser or proxy may cache an answer, which is private to the signed-in account.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'referrer-policy', 'x-content-type-options'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept.filter((name) => pageHeaders[name] !== undefined).map((name) => [name, pageHeaders[name]!])),
    'cache-control': 'no-store',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  const api = apiSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : headers);
    done();
  });
}
