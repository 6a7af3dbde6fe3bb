import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalog } from '#contract/errors.ts';
import { isConnectionLost } from '../db/connection-loss.ts';
import { AppError, RETRY_AFTER_SECONDS } from '../errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** "email: Please enter a valid email address", naming the field a client got wrong. */
function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return errorCatalog['bad_request:validation'].message;
  const path = first.params?.issue?.path?.map(String).join('.') || first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  if (!path) return context === 'body' ? `Request body: ${message}` : message;
  return `${path}: ${message}`;
}

/** One error shape for the whole API: `{ error, code }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        error: describeValidation(error.validation as ValidationIssue[], error.validationContext),
        code: 'bad_request:validation',
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ error: errorCatalog['payload_too_large:body'].message, code: 'payload_too_large:body' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: errorCatalog['bad_request:json'].message, code: 'bad_request:json' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: errorCatalog['rate_limit:general'].message, code: 'rate_limit:general' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad content type, bad URL...) carry safe messages.
      return reply.status(error.statusCode).send({ error: error.message, code: 'bad_request:validation' });
    }
    // A write whose database connection died mid-statement (it may or may not have run; reads were
    // repeated already, db/client.ts): the client may try again, and is told when.
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: errorCatalog['unavailable:database'].message, code: 'unavailable:database' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: errorCatalog['internal:unexpected'].message, code: 'internal:unexpected' });
  });
}
