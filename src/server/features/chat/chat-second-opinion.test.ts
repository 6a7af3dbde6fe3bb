import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { ask, listChatMessages, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

describe('ask another executive (issue 14, point 3)', () => {
  it("asks the reply's question again of the chosen executive, once: the conversation keeps its executive (issue 29, point 6)", async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Retail' } });
    const first = await ask(t.app, cookie, session.id, 'Should we open a second store?');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);

    const response = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${session.id}/messages/${first.assistantMessage.id}/second-opinion`,
      cookie,
      payload: { executiveRole: 'CMO' },
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json() as { userMessage: ChatMessageDto; assistantMessage: ChatMessageDto; systemMessage: ChatMessageDto | null };
    expect(sent.systemMessage).toBeNull();
    expect(sent.userMessage.content).toBe('Should we open a second store?');
    expect(sent.assistantMessage.executiveRole).toBe('CMO');
    const reply = await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    expect(reply.content).toContain('My take as your Chief Marketing Officer (Retail)');
    // Then, in a second step, where it agrees and disagrees with the first answer (decision 078): the demo reads both.
    const [view, comparison] = reply.content.split('\n\n### Where I agree and disagree with the Chief Financial Officer\n\n');
    expect(view).toContain('My take as your Chief Marketing Officer (Retail)');
    expect(comparison).toMatch(/^- \*\*Where we agree:\*\* /);
    expect(comparison).toContain('- **Where we differ:** the Chief Financial Officer leads with "');

    // The conversation is still the CFO's: its header, and the next question's answer.
    const after = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie });
    expect(after.json().executiveRole).toBe('CFO');
    const next = await ask(t.app, cookie, session.id, 'And the lease?');
    const nextReply = await waitForMessage(t.app, cookie, session.id, next.assistantMessage.id);
    expect(nextReply.executiveRole).toBe('CFO');
    expect(nextReply.content).toContain('My take as your Chief Financial Officer (Retail)');

    const all = (await listChatMessages(t.app, cookie, session.id)).messages;
    expect(all.map((m) => [m.role, m.executiveRole])).toEqual([
      ['user', 'CFO'],
      ['assistant', 'CFO'],
      ['user', 'CFO'],
      ['assistant', 'CMO'],
      ['user', 'CFO'],
      ['assistant', 'CFO'],
    ]);
  });

  it('is Premium: a free account is refused with the upgrade code, and only replies can be asked again', async () => {
    const free = await t.conversation();
    const asked = await ask(t.app, free.cookie, free.session.id, 'Hire or wait?');
    await waitForMessage(t.app, free.cookie, free.session.id, asked.assistantMessage.id);
    const refused = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${free.session.id}/messages/${asked.assistantMessage.id}/second-opinion`,
      cookie: free.cookie,
      payload: { executiveRole: 'CHRO' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden:premium');

    const premium = await t.conversation({ plan: 'vip' });
    const mine = await ask(t.app, premium.cookie, premium.session.id, 'Hire or wait?');
    await waitForMessage(t.app, premium.cookie, premium.session.id, mine.assistantMessage.id);
    const onQuestion = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${premium.session.id}/messages/${mine.userMessage.id}/second-opinion`,
      cookie: premium.cookie,
      payload: { executiveRole: 'CHRO' },
    });
    expect(onQuestion.json().code).toBe('bad_request:message_state');
    const badRole = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${premium.session.id}/messages/${mine.assistantMessage.id}/second-opinion`,
      cookie: premium.cookie,
      payload: { executiveRole: 'Wizard' },
    });
    expect(badRole.statusCode).toBe(400);
    // Another account's reply is not found.
    const foreign = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${premium.session.id}/messages/${mine.assistantMessage.id}/second-opinion`,
      cookie: free.cookie,
      payload: { executiveRole: 'CHRO' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
