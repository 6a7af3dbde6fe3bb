import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorCatalog, type ErrorCode } from '#contract/errors.ts';
import { AppError, RETRY_AFTER_SECONDS } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';

/** Issue 28, point 16: a refused client is told when to come back, whatever refused it. */
describe('every 503 the error handler answers carries Retry-After', () => {
  const unavailable = (Object.keys(errorCatalog) as ErrorCode[]).filter((code) => errorCatalog[code].status === 503);

  it.each(unavailable)('%s', async (code) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/refused', async () => {
      throw new AppError(code);
    });
    const response = await app.inject({ method: 'GET', url: '/refused' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ error: errorCatalog[code].message, code });
    await app.close();
  });

  it('a database connection lost under a write, as Drizzle reports it', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/write', async () => {
      throw Object.assign(new Error('Failed query: insert into "contact_messages" ...'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    });
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ error: errorCatalog['unavailable:database'].message, code: 'unavailable:database' });
    await app.close();
  });
});
