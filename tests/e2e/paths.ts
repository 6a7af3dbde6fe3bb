import path from 'node:path';

/** Where the end-to-end server keeps its database and the SMTP sink writes mail, shared with the tests. */
export const e2eRoot = path.resolve(import.meta.dirname, '../../tmp/e2e');
export const e2eMailDir = path.join(e2eRoot, 'mail');
export const e2eDataDir = path.join(e2eRoot, 'data');
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
