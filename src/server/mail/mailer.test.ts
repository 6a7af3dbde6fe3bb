import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../tests/fakes/smtp-sink.ts';
import { createMailer } from './mailer.ts';
import { listOutbox } from './outbox.ts';

const from = 'Corner Office <no-reply@example.com>';
const message = { to: 'ada@example.com', subject: 'Confirm your e-mail', text: 'Hello Ada' };

/** The app's own logger (Fastify's), whose lines the test reads. */
function collectingLogger() {
  const lines: Array<{ level: number; msg: string; mails?: number; contactMessageId?: string }> = [];
  const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } }).log;
  return { logger, lines };
}

describe('a closing mailer', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('writes a mail sent just before the shutdown to the outbox before close() resolves', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const { logger } = collectingLogger();
    const mailer = createMailer({ from, outboxDir: dir }, logger);
    // As a request does: sent in the background, never awaited.
    void mailer.send(message);
    await mailer.close();
    expect((await listOutbox(dir)).map((m) => m.subject)).toEqual(['Confirm your e-mail']);
  });

  it('delivers a mail still on its way to the SMTP server before close() resolves', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const { logger } = collectingLogger();
    const mailer = createMailer({ from, outboxDir: '/nonexistent', smtpUrl: sink.url }, logger);
    void mailer.send(message);
    await mailer.close();
    expect(sink.messages.map((m) => m.subject)).toEqual(['Confirm your e-mail']);
  });

  it('waits no longer than its bound for a server that never answers, and says how many may not have gone', async () => {
    // A server that takes the connection and never greets: nodemailer would wait 30 s for it.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const port = (silent.address() as { port: number }).port;
    const { logger, lines } = collectingLogger();
    const mailer = createMailer({ from, outboxDir: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${port}`, drainMs: 200 }, logger);
    const sending = mailer.send(message);
    sending.catch(() => {});
    const started = Date.now();
    await mailer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines.find((line) => line.level === 40)).toMatchObject({ mails: 1, msg: '1 mail(s) still being sent after 200 ms at shutdown: they may not have gone' });
  });

  it('finishes what follows a background mail before close() resolves, and logs a failure with its context', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const { logger, lines } = collectingLogger();
    const mailer = createMailer({ from, outboxDir: dir }, logger);
    const done: string[] = [];
    mailer.background(message, {
      failure: 'never',
      then: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        done.push('marked e-mailed');
      },
    });
    // An outbox that cannot be written (a file where its folder should be): the failure is logged, never thrown.
    mailer.background(message, { failure: 'contact message e-mail failed (message is stored)', context: { contactMessageId: 'm1' } });
    const blocked = createMailer({ from, outboxDir: path.join(dir, 'blocked', 'mail') }, logger);
    await writeFile(path.join(dir, 'blocked'), 'a file, not a folder');
    blocked.background(message, { failure: 'contact message e-mail failed (message is stored)', context: { contactMessageId: 'm2' } });
    await Promise.all([mailer.close(), blocked.close()]);
    expect(done).toEqual(['marked e-mailed']);
    expect(lines.filter((line) => line.level === 50)).toEqual([expect.objectContaining({ msg: 'contact message e-mail failed (message is stored)', contactMessageId: 'm2' })]);
  });

  it('closes at once when nothing is being sent', async () => {
    const { logger, lines } = collectingLogger();
    const mailer = createMailer({ from, outboxDir: '/nonexistent', drainMs: 60_000 }, logger);
    await mailer.close();
    expect(lines).toEqual([]);
  });
});
