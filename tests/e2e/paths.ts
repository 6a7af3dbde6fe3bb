import path from 'node:path';

/** Where the end-to-end server keeps its database and the SMTP sink writes mail, shared with the tests. */
// E2E_ROOT lets two runs on one machine keep apart (each also needs its own E2E_PORT and E2E_SMTP_PORT).
export const e2eRoot = path.resolve(process.env.E2E_ROOT ?? path.join(import.meta.dirname, '../../tmp/e2e'));
export const e2eMailDir = path.join(e2eRoot, 'mail');
export const e2eDataDir = path.join(e2eRoot, 'data');
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** Where tests/e2e/serve.ts writes the address of its test-only control server (see control.ts). */
export const e2eControlFile = path.join(e2eRoot, 'control.json');
/** How many users the database held when the run began (global-setup.ts, global-teardown.ts). */
export const e2eUserCountFile = path.join(e2eRoot, 'users-before-run.txt');
/** The end-to-end server's own address (playwright.config.ts serves it as baseURL). */
export const e2eServerUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
/** Where tests/e2e/serve.ts writes the address of its second server, the one with no Stripe configured (a fresh machine). */
export const e2eNoStripeFile = path.join(e2eRoot, 'no-stripe-server.json');
