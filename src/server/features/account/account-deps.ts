import type { FastifyBaseLogger } from 'fastify';
import type { BillingGateway } from '#server/billing/stripe-gateway.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { ObjectStorage } from '#server/storage/object-storage.ts';
import type { SessionCache } from '#server/features/auth/index.ts';

/** What the account dialogs (profile, picture, security, deletion) and the retention job need. */
export interface AccountServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessionCache: SessionCache;
  storage: ObjectStorage;
  jobs: JobQueue;
  /** Stripe, to cancel a subscription when its account goes; null when billing is not configured. */
  gateway: BillingGateway | null;
}
