import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminText } from '#contract/admin.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, signUpVerifiedUser, type LogLine } from '#tests/helpers/test-app.ts';
import { findLocalModel } from './local-model.ts';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake.close());

// Each test starts whole apps of its own (a migrated database each): on a busy 2-core machine that is seconds.
describe('a local model server found at start (decision 072)', { timeout: 120_000 }, () => {
  it('picks the first chat model the server lists, or the one asked for, never an embedding model', async () => {
    fake.models = ['nomic-embed-text:latest', 'llama3.1:8b', 'qwen2.5:7b'];
    expect(await findLocalModel(fake.baseUrl)).toBe('llama3.1:8b');
    expect(await findLocalModel(fake.baseUrl, 'qwen2.5:7b')).toBe('qwen2.5:7b');
    fake.models = ['nomic-embed-text:latest'];
    expect(await findLocalModel(fake.baseUrl)).toBeNull();
    expect(await findLocalModel('http://127.0.0.1:9/v1')).toBeNull();
  });

  it('answers with it when no cloud key is set, says so in the log and the admin view, and gives it a longer stall timeout', async () => {
    fake.models = ['llama3.1:8b'];
    const logLines: LogLine[] = [];
    const t = await createTestApp({ AI_LOCAL_URL: fake.baseUrl, LOG_LEVEL: 'info', ADMIN_EMAILS: 'ops@example.com' }, { logLines });
    try {
      expect(logLines.map((l) => l.msg)).toContain(`AI: using the local model "llama3.1:8b" at ${fake.baseUrl} (found at start; no cloud key is set).`);
      const { cookie } = await signUpUser(t.app, t.config);
      const session = await createChatSession(t.app, cookie);
      fake.when('[local-model]', { reply: 'Answered by the local model.' });
      const { assistantMessage } = await ask(t.app, cookie, session.id, 'Should we hedge fuel? [local-model]');
      const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
      expect(reply).toMatchObject({ status: 'complete', content: 'Answered by the local model.', model: 'llama3.1:8b' });
      expect(fake.requestsFor('[local-model]')[0]!.body.model).toBe('llama3.1:8b');
      // The admin view says which model answers, and why.
      const admin = await signUpVerifiedUser(t, { email: 'ops@example.com' });
      await t.database.db.execute(sql`update users set app_user_type = 'admin' where id = ${admin.user.id}`);
      const stats = await inject(t.app, { method: 'GET', url: '/api/admin/stats?refresh=true', cookie: admin.cookie });
      expect(stats.json().ai).toEqual({ provider: 'openai-compatible', model: 'llama3.1:8b', source: 'detected' });
      expect(adminText.aiLine(stats.json().ai)).toBe('Advisors answer with the local model llama3.1:8b, found at start (no cloud key is set).');
    } finally {
      await t.close();
    }
  });

  it('falls back to the offline demo, and says how to get real advice, when nothing answers', async () => {
    const logLines: LogLine[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
    try {
      expect(t.config.ai).toMatchObject({ provider: 'demo' });
      expect(logLines.map((l) => l.msg)).toContainEqual(expect.stringContaining('no local model server answered at http://127.0.0.1:9/v1: the offline demo advisor answers'));
    } finally {
      await t.close();
    }
  });

  it('tells the operator in the log and the admin view, not in replies, how to leave the demo (issue 31, point 6)', async () => {
    const logLines: LogLine[] = [];
    const t = await createTestApp({ AI_PROVIDER: 'demo', LOG_LEVEL: 'info' }, { logLines });
    try {
      expect(logLines.map((l) => l.msg)).toContainEqual(expect.stringContaining('For real answers set AI_PROVIDER and its API key (README, Configuration).'));
      expect(adminText.aiLine({ provider: 'demo', model: 'demo', source: 'demo' })).toContain('set AI_PROVIDER and its API key');
    } finally {
      await t.close();
    }
  });

  it('does not look when a provider is configured', async () => {
    const t = await createTestApp({ AI_PROVIDER: 'demo', AI_LOCAL_URL: fake.baseUrl });
    try {
      expect(t.config.ai.localCandidate).toBeNull();
    } finally {
      await t.close();
    }
  });
});
