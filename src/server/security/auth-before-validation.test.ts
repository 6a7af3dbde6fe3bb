import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 29, point 22: on every route, who may call it is decided before its input is validated, so an
 * anonymous caller learns nothing of a route's schema (it was told "address: Required" by
 * POST /api/create-embedded-subscription). Each operation of the OpenAPI document is called anonymously
 * with invalid path parameters, query and body; every route that needs a session answers 401 and says
 * nothing else. The public routes are listed with what they answer (their own validation is public).
 */
const publicRoutes: Record<string, number> = {
  // A visitor: 200 null (decision 058).
  'GET /api/auth/me': 200,
  'POST /api/auth/signup': 400,
  'POST /api/auth/signin': 400,
  'POST /api/auth/logout': 200,
  'POST /api/auth/forgot-password': 400,
  'POST /api/auth/reset-password': 400,
  'POST /api/auth/verify-email': 400,
  'POST /api/contact': 400,
  'POST /api/analytics/page-view': 400,
  'GET /api/stripe-config': 200,
  'POST /api/objects/upload': 400,
  'PUT /api/profile-pictures': 400,
  'GET /api/objects/avatars/{owner}/{id}': 400,
  // The site's own files.
  'GET /manifest.webmanifest': 200,
  'GET /robots.txt': 200,
  'GET /sitemap.xml': 200,
};

const t = useTestApp();

interface Operation {
  key: string;
  method: string;
  url: string;
}

/** Every operation, with each path parameter a value no schema takes and a query no schema wants. */
function operations(): Operation[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      url: `${path.replace(/\{\w+\}/g, '%00not-an-id')}?page=-1&days=0&from=yesterday&q=${'x'.repeat(500)}`,
    })),
  );
}

/** A body no route's schema accepts (every one is an object). */
const invalidBody = { payload: '[1]', headers: { 'content-type': 'application/json' } };
const withBody = (method: string) => (method === 'GET' ? {} : invalidBody);

describe('authentication before validation, on every route of the OpenAPI document', () => {
  it('answers an anonymous caller 401, and nothing about the input, on every route that needs a session', async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(40);
    const got: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const operation of all) {
      const response = await inject(t.app, { method: operation.method as 'GET', url: operation.url, ...withBody(operation.method) });
      got[operation.key] = response.statusCode;
      expected[operation.key] = publicRoutes[operation.key] ?? 401;
      if (expected[operation.key] === 401 && response.statusCode === 401) expect(response.json(), operation.key).toEqual({ error: errorCatalog['unauthorized:auth'].message, code: 'unauthorized:auth' });
    }
    expect(got).toEqual(expected);
    expect(Object.keys(publicRoutes).filter((key) => !(key in got)), 'public routes that are gone').toEqual([]);
  });

  it('answers a signed-in user who is not an admin 403 on every admin route, before validating its input', async () => {
    const { cookie } = await t.signIn('subscriber');
    const admin = operations().filter((operation) => operation.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(4);
    for (const operation of admin) {
      const response = await inject(t.app, { method: operation.method as 'GET', url: operation.url, cookie, ...withBody(operation.method) });
      expect({ route: operation.key, status: response.statusCode, body: response.json() }).toEqual({
        route: operation.key,
        status: 403,
        body: { error: errorCatalog['forbidden:auth'].message, code: 'forbidden:auth' },
      });
    }
  });
});
