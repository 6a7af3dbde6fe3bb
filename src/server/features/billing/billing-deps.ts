import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { BillingGateway } from '#server/billing/stripe-gateway.ts';
import type { Mailer } from '#server/mail/mailer.ts';

export interface BillingDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Signed-in users are cached per instance for a moment; a change to their row must drop that copy. */
  sessionCache: { invalidateUser(userId: string): void };
  /** null when Stripe is not configured (config.billing.enabled false). */
  gateway: BillingGateway | null;
}
