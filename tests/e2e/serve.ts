/**
 * The server end-to-end tests run against: a fresh PGlite database, the demo AI model, a real
 * SMTP sink whose messages land as JSON files the tests read, and a local fake Stripe (API,
 * Stripe.js and signed webhooks into this server) on a free port. Beside it, on the same database,
 * a test-only control server that removes the users the tests create and sets an account's "today"
 * through the app's test clock (control-server.ts). And a second app, as on a fresh machine: no Stripe
 * variables at all and no SMTP_URL, its own database, its address in e2eNoStripeFile (the "payments are not
 * set up" journey, and the README's quick start with its mail in the development mailbox).
 * It starts here, before the main server answers, so no journey waits for a boot or a shutdown.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { startServer } from '../../src/server/start-server.ts';
import { startSmtpSink } from '../fakes/smtp-sink.ts';
import { startFakeStripe } from '../fakes/stripe/stripe-server.ts';
import { freePort } from '../helpers/free-port.ts';
import { startControlServer } from './control-server.ts';
import { e2eControlFile, e2eDataDir, e2eMailDir, e2eNoStripeFile, e2eRoot, e2eSmtpPort } from './paths.ts';

rmSync(e2eRoot, { recursive: true, force: true });
const sink = await startSmtpSink({ port: e2eSmtpPort, dir: e2eMailDir });
const port = process.env.E2E_PORT ?? '3100';
const stripe = await startFakeStripe({ webhookTarget: `http://127.0.0.1:${port}/api/stripe/webhook` });

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  // E-mail links are built only from PUBLIC_URL: the origin the browser uses (playwright.config.ts).
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: e2eDataDir,
  SMTP_URL: sink.url,
  AI_PROVIDER: 'demo',
  // About 2 s a reply: the journeys that act mid-reply do it from inside the page the moment the first words show
  // (whileStreaming in chat-helpers.ts), so they need a reply that streams, not a slow one. At 20 ms (4 s) the
  // chat journeys took 18 % longer, waiting (decision 038).
  AI_DEMO_WORD_DELAY_MS: process.env.E2E_DEMO_WORD_DELAY_MS ?? '10',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // An account's "today" can be moved by the control server (decision follow-ups, decision 034); per account, never by the browser.
  TEST_CLOCK: 'true',
  // The server shares 2 cores with two Chromiums and the test workers: a second of event-loop lag there
  // is the machine, not an overload to shed (load shedding has its own test, operations.test.ts).
  LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
  RATE_LIMIT_CONTACT_PER_HOUR: '1000',
  // Contact messages are e-mailed to the team address, where the SMTP sink catches them.
  CONTACT_TO: 'team@example.com',
  ADMIN_EMAILS: 'e2e-admin@example.com',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
  STRIPE_JS_URL: stripe.jsUrl,
});
delete process.env.DATABASE_URL;

// The second app: the same settings without any Stripe variable, without SMTP (its mail goes to the outbox and
// the development mailbox at /dev/mail, decision 056) and without the test clock, on its own PGlite. Its
// operator address is the README's walk-through's (dev-mailbox.spec.ts).
const noStripePort = await freePort();
const noStripeEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STRIPE_') && key !== 'TEST_CLOCK' && key !== 'SMTP_URL'));
const noStripeConfig = loadConfig({
  ...noStripeEnv,
  PORT: String(noStripePort),
  PUBLIC_URL: `http://127.0.0.1:${noStripePort}`,
  DATA_DIR: path.join(e2eRoot, 'data-no-stripe'),
  ADMIN_EMAILS: 'readme-admin@example.com',
});
const noStripeDatabase = await openDatabase(noStripeConfig.database);
await runMigrations(noStripeDatabase);
const noStripeApp = await buildApp({ config: noStripeConfig, database: noStripeDatabase, logger: { level: noStripeConfig.logLevel } });
await noStripeApp.listen({ port: noStripePort, host: '127.0.0.1' });
writeFileSync(e2eNoStripeFile, JSON.stringify({ url: noStripeConfig.publicUrl }));

let openedDatabase: (db: Db) => void = () => {};
let startedClock: (clock: TestClock | null) => void = () => {};
await startControlServer(
  new Promise<Db>((resolve) => (openedDatabase = resolve)),
  e2eControlFile,
  new Promise<TestClock | null>((resolve) => (startedClock = resolve)),
);
const { app, database } = await startServer(loadConfig());
openedDatabase(database.db);
startedClock(app.testClock);
