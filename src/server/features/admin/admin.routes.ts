import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActivityQuerySchema,
  adminActivitySchema,
  adminAuditLogSchema,
  adminStatsQuerySchema,
  adminStatsSchema,
  adminUpdateUserInputSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
} from '#contract/admin.ts';
import { errorResponses } from '#contract/errors.ts';
import { adminRoute } from '#server/plugins/route-access.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as admin from './admin.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['admin'];

/** The admin dashboard's API: every route refuses anyone but the admin role (403), on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: admin.AdminDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/stats',
    { config: adminRoute, schema: { tags, summary: 'Spec section 3 admin statistics (cached 5 minutes; refresh=true counts now)', querystring: adminStatsQuerySchema, response: { 200: adminStatsSchema, ...errors } } },
    async (request) => admin.stats(deps, requireUser(request), request.query.refresh === 'true'),
  );

  app.get(
    '/api/admin/activity',
    { config: adminRoute, schema: { tags, summary: 'Signups, active users, messages and ratings per UTC day', querystring: adminActivityQuerySchema, response: { 200: adminActivitySchema, ...errors } } },
    async (request) => ({ days: await admin.activity(deps, requireUser(request), request.query.days) }),
  );

  app.get(
    '/api/admin/users',
    { config: adminRoute, schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersSchema, ...errors } } },
    async (request) => admin.listUsers(deps, requireUser(request), request.query.q, request.query.page),
  );

  app.patch(
    '/api/admin/users/:id',
    { config: adminRoute, schema: { tags, summary: 'Grant or remove VIP, disable or enable an account', params: adminUserParamsSchema, body: adminUpdateUserInputSchema, response: { 200: adminUserSchema, ...errors } } },
    async (request) => admin.updateUser(deps, requireUser(request), request.params.id, request.body),
  );

  app.get('/api/admin/audit-log', { config: adminRoute, schema: { tags, response: { 200: adminAuditLogSchema, ...errors } } }, async (request) => ({
    entries: await admin.auditLog(deps, requireUser(request)),
  }));
};
