import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecentSessionsResponse } from '#contract/chat.ts';
import { FREE_RECENT_CONVERSATIONS } from '#contract/limits.ts';
import { chatSessions } from '#server/db/schema.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp({ FREE_RETENTION_DAYS: '30' });

const recent = async (cookie: string) => {
  const response = await inject(t.app, { method: 'GET', url: '/api/chat/recent-sessions', cookie });
  expect(response.statusCode).toBe(200);
  return (response.json() as RecentSessionsResponse).sessions;
};

describe('recent conversations (issue 29, point 4; decision 059)', () => {
  it(`lets a Free account reopen its ${FREE_RECENT_CONVERSATIONS} most recent conversations, newest first, within the retention, its own only`, async () => {
    const { cookie } = await t.signIn();
    const ids: string[] = [];
    for (const question of ['Hire a CFO?', 'Raise prices?', 'Open in Leeds?', 'Cut the ad budget?', 'Sell the van?']) {
      const session = await createChatSession(t.app, cookie);
      const sent = await ask(t.app, cookie, session.id, question);
      await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
      ids.push(session.id);
    }
    // A conversation only created, with nothing in it, is nothing to reopen.
    await createChatSession(t.app, cookie);
    // The most recent one was last used 31 days ago: past the retention, the daily job's to delete.
    await t.database.db.update(chatSessions).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(chatSessions.id, ids[4]!));

    const sessions = await recent(cookie);
    expect(sessions.map((s) => s.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(sessions[0]).toEqual({ id: ids[3], title: expect.any(String), executiveRole: 'CEO', industry: 'Technology', updatedAt: expect.any(String) });

    // Another account sees none of them; history itself stays Premium.
    const other = await t.signIn();
    expect(await recent(other.cookie)).toEqual([]);
    const me = (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json() as { id: string };
    expect((await inject(t.app, { method: 'GET', url: `/api/users/${me.id}/chat-sessions`, cookie })).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/recent-sessions' })).statusCode).toBe(401);
  });
});
