import { afterAll, beforeAll } from 'vitest';
import type { ChatSessionDto } from '#contract/chat.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { startFakeS3, type FakeS3 } from '#tests/fakes/s3-server.ts';
import { startSmtpSink, type SmtpSink } from '#tests/fakes/smtp-sink.ts';
import { createChatSession } from './chat-api.ts';
import { createTestApp, setPlan, signUpUser, type LogLine, type Plan, type TestApp } from './test-app.ts';

export interface SignedIn {
  user: { id: string; email: string };
  cookie: string;
}

export interface TestAppContext extends TestApp {
  /** The fake OpenAI-compatible provider the app talks to (with `fakeAi`). */
  fake: FakeOpenAiServer;
  /** The SMTP server the app sends mail to (with `smtp`). */
  smtp: SmtpSink;
  /** The local S3-compatible server the app stores files in (with `s3`). */
  s3: FakeS3;
  /** `http://127.0.0.1:<port>` of the listening app (with `listen`): SSE needs a real connection. */
  origin: string;
  /** A new signed-up, signed-in user on `plan`. */
  signIn(plan?: Plan): Promise<SignedIn>;
  /** A new signed-in user with a new conversation (`session` is the create body). */
  conversation(options?: { plan?: Plan; session?: Record<string, unknown> }): Promise<SignedIn & { session: ChatSessionDto }>;
}

export interface UseTestAppOptions {
  /** Talk to a fake OpenAI-compatible server (tests/fakes) instead of the demo advisor. */
  fakeAi?: boolean;
  /** Send mail to a local SMTP sink (tests/fakes). */
  smtp?: boolean;
  /** Store files with the S3 driver in a local S3-compatible server (tests/fakes) instead of on local disk. */
  s3?: boolean;
  /** Listen on a free port. */
  listen?: boolean;
  /** Collect the app's log lines here. */
  logLines?: LogLine[];
}

/**
 * One app on a fresh database for a whole test file: registers beforeAll/afterAll and returns the
 * context, whose fields are there once beforeAll has run. `vars` are environment variables.
 */
export function useTestApp(vars: Record<string, string> = {}, options: UseTestAppOptions = {}): TestAppContext {
  const context = {
    signIn: async (plan: Plan = 'standard') => {
      const signedIn = await signUpUser(context.app, context.config);
      if (plan !== 'standard') await setPlan(context.database.db, signedIn.user.id, plan);
      return { user: signedIn.user, cookie: signedIn.cookie };
    },
    conversation: async ({ plan, session }: { plan?: Plan; session?: Record<string, unknown> } = {}) => {
      const signedIn = await context.signIn(plan);
      return { ...signedIn, session: await createChatSession(context.app, signedIn.cookie, session) };
    },
  } as TestAppContext;

  beforeAll(async () => {
    const services: Record<string, string> = { AI_PROVIDER: 'demo' };
    if (options.fakeAi) {
      context.fake = await startFakeOpenAiServer();
      Object.assign(services, { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: context.fake.baseUrl, AI_MODEL: 'fake-model' });
    }
    if (options.smtp) {
      context.smtp = await startSmtpSink();
      services.SMTP_URL = context.smtp.url;
    }
    if (options.s3) {
      context.s3 = await startFakeS3();
      Object.assign(services, context.s3.env);
    }
    Object.assign(context, await createTestApp({ ...services, ...vars }, { logLines: options.logLines }));
    if (options.listen) {
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      const address = context.app.server.address();
      context.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
  });
  afterAll(async () => {
    // fetch (undici) keeps a spare connection open that would hold close() until its idle timeout.
    if (options.listen) context.app?.server.closeAllConnections();
    await context.close?.();
    await context.fake?.close();
    await context.smtp?.close();
    await context.s3?.close();
  });
  return context;
}
