import type { LanguageModel } from 'ai';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatValidation, MAX_TITLE_LENGTH, type ChatSessionDto } from '#contract/chat.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { createLanguageModel } from '#server/ai/provider.ts';
import { chatSessions } from '#server/db/schema.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { generateSessionTitle } from './titles.ts';

const t = useTestApp();

const rename = (cookie: string | undefined, sessionId: string, payload: object) => inject(t.app, { method: 'PATCH', url: `/api/chat-sessions/${sessionId}`, cookie, payload });
const readSession = async (cookie: string, sessionId: string): Promise<ChatSessionDto> =>
  (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${sessionId}`, cookie })).json();

/** Asks one question and waits for its reply and for the follow-up work (the automatic title) to end. */
async function converse(cookie: string, sessionId: string, question = 'How should we price the new analytics tier?') {
  const { assistantMessage } = await ask(t.app, cookie, sessionId, question);
  await waitForMessage(t.app, cookie, sessionId, assistantMessage.id);
  await t.app.replies.whenIdle();
}

describe('PATCH /api/chat-sessions/:id (rename, decision 033)', () => {
  it('renames the owner’s conversation, trimmed, without moving it in the list, and search finds the new name', async () => {
    const { user, cookie, session } = await t.conversation({ plan: 'subscriber', session: { executiveRole: 'CFO', industry: 'Energy', title: 'Chat with CFO - Energy' } });
    const response = await rename(cookie, session.id, { title: '  Pricing   the\nanalytics tier  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...session, title: 'Pricing the analytics tier' });

    expect((await readSession(cookie, session.id)).title).toBe('Pricing the analytics tier');
    // A rename is not activity: updated_at (the list's order) stays.
    expect((await readSession(cookie, session.id)).updatedAt).toBe(session.updatedAt);

    await t.app.jobs.runUntilIdle();
    const found = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions?q=${encodeURIComponent('analytics')}`, cookie });
    expect((found.json() as { sessions: ChatSessionListItem[] }).sessions.map((s) => s.title)).toEqual(['Pricing the analytics tier']);
    const listed = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions`, cookie });
    expect((listed.json() as { sessions: ChatSessionListItem[] }).sessions.map((s) => s.title)).toEqual(['Pricing the analytics tier']);
  });

  it('is open to a free account for its own conversation (renaming is not a Premium feature)', async () => {
    const { cookie, session } = await t.conversation();
    const response = await rename(cookie, session.id, { title: 'Board prep' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe('Board prep');
  });

  it('refuses an empty, blank, too long or missing title with the creation rule’s message, and keeps the old one', async () => {
    const { cookie, session } = await t.conversation({ session: { executiveRole: 'CEO', industry: 'Finance', title: 'Original' } });
    for (const payload of [{ title: '' }, { title: ' \n\t ' }, { title: 'x'.repeat(MAX_TITLE_LENGTH + 1) }, { title: 42 }, {}]) {
      const response = await rename(cookie, session.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ error: `title: ${chatValidation.titleInvalid}` });
    }
    const longest = 'y'.repeat(MAX_TITLE_LENGTH);
    expect((await rename(cookie, session.id, { title: longest })).json().title).toBe(longest);
    expect((await rename(cookie, session.id, { title: `  ${longest}  ` })).statusCode).toBe(200);
  });

  it('answers 404 for another account’s conversation (as if it did not exist) and 401 without a session; nothing changes', async () => {
    const { cookie, session } = await t.conversation({ session: { executiveRole: 'CEO', industry: 'Finance', title: 'Private plans' } });
    const intruder = await t.signIn('admin');
    const refused = await rename(intruder.cookie, session.id, { title: 'Taken over' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'not_found:chat_session' });
    expect(refused.body).not.toContain('Private');
    expect((await rename(undefined, session.id, { title: 'Taken over' })).statusCode).toBe(401);
    expect((await rename(cookie, '00000000-0000-4000-8000-000000000000', { title: 'Nowhere' })).statusCode).toBe(404);
    expect((await readSession(cookie, session.id)).title).toBe('Private plans');
  });

  it('keeps a renamed title when automatic titles come due, while an unrenamed conversation gets one', async () => {
    const { cookie } = await t.signIn('subscriber');
    const create = async (title: string) =>
      (await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'CFO', industry: 'Energy', title } })).json() as ChatSessionDto;
    const renamed = await create('Chat with CFO - Energy');
    const untouched = await create('Chat with CFO - Energy');
    await rename(cookie, renamed.id, { title: 'My own name' });

    // 2 messages: a title is due for both; the untouched one gets the model's.
    await converse(cookie, renamed.id);
    await converse(cookie, untouched.id);
    const automatic = await waitFor(async () => {
      const { title } = await readSession(cookie, untouched.id);
      return title !== 'Chat with CFO - Energy' ? title : undefined;
    }, 'the automatic title');
    expect(automatic).not.toBe('My own name');
    expect((await readSession(cookie, renamed.id)).title).toBe('My own name');

    // Renamed after an automatic title: the next due title (6 messages) leaves it too.
    await rename(cookie, untouched.id, { title: 'Renamed later' });
    await converse(cookie, untouched.id, 'And for the enterprise tier?');
    await converse(cookie, untouched.id, 'What discount is safe?');
    expect((await readSession(cookie, untouched.id)).title).toBe('Renamed later');

    // Asked for explicitly, a title still does not replace the user's name.
    const asked = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${renamed.id}/generate-title`, cookie });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ title: 'My own name' });
    expect((await readSession(cookie, renamed.id)).title).toBe('My own name');
  });

  it('does not save an automatic title over a rename made while the model was writing it', async () => {
    const { user, cookie } = await t.signIn('subscriber');
    const session = (await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'CFO', industry: 'Energy', title: 'Before' } })).json() as ChatSessionDto;
    const opening = [
      { role: 'user' as const, content: 'How should we price the analytics tier?', status: 'complete' as const },
      { role: 'assistant' as const, content: 'Start from the value it creates.', status: 'complete' as const },
    ];
    // The model answers only after a rename landed (between the check before the call and the save after it).
    type Model = { doGenerate: (options: unknown) => Promise<unknown> };
    const demo = createLanguageModel(t.config.ai) as unknown as Model;
    const model = Object.assign(Object.create(demo) as Model, {
      doGenerate: async (options: unknown) => {
        await t.database.db.update(chatSessions).set({ title: 'Renamed meanwhile', titleRenamedAt: new Date() }).where(eq(chatSessions.id, session.id));
        return demo.doGenerate(options);
      },
    }) as unknown as LanguageModel;
    const saved = await generateSessionTitle({ db: t.database.db, config: t.config, model }, session.id, user.id, opening, opening.length);
    expect(saved).toBeNull();
    expect((await readSession(cookie, session.id)).title).toBe('Renamed meanwhile');
  });
});
