import { describe, expect, it } from 'vitest';
import { decisionTextFromReply, decisionValidation, followUpPrompt, type DecisionDto, type FollowUpResponse, type FollowUpsResponse } from '#contract/decisions.ts';
import { errorCatalog } from '#contract/errors.ts';
import { loadConfig } from '#server/config.ts';
import { ask, listChatMessages, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import type { Plan } from '#tests/helpers/test-app.ts';

const t = useTestApp({ TEST_CLOCK: 'true' });

/** A signed-in user with a conversation and one finished advisor reply. */
async function answered(plan: Plan = 'vip', session: Record<string, unknown> = { executiveRole: 'CFO', industry: 'Retail' }) {
  const { user, cookie, session: conversation } = await t.conversation({ plan, session });
  const { userMessage, assistantMessage } = await ask(t.app, cookie, conversation.id, 'Should we open a second store next year?');
  const reply = await waitForMessage(t.app, cookie, conversation.id, assistantMessage.id);
  return { user, cookie, sessionId: conversation.id, questionId: userMessage.id, reply };
}

function save(cookie: string, payload: Record<string, unknown>) {
  return inject(t.app, { method: 'POST', url: '/api/decisions', cookie, payload });
}

async function saved(cookie: string, payload: Record<string, unknown>): Promise<DecisionDto> {
  const response = await save(cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the decision log (issue 14, point 6)', () => {
  it('saves a decision from a reply (text from the reply unless given), lists it across conversations by status, changes and deletes it', async () => {
    const a = await answered();
    const first = await saved(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id });
    expect(first).toMatchObject({ kind: 'decision', text: decisionTextFromReply(a.reply.content), owner: null, dueDate: null, followUpOn: null, status: 'open', sessionId: a.sessionId, messageId: a.reply.id, followedUpAt: null });
    expect(first.text.length).toBeGreaterThan(0);

    // A second conversation of the same account: the log spans conversations.
    const session = (await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie: a.cookie, payload: { executiveRole: 'CMO', industry: 'Retail' } })).json() as { id: string };
    const { assistantMessage } = await ask(t.app, a.cookie, session.id, 'Which channel first?');
    await waitForMessage(t.app, a.cookie, session.id, assistantMessage.id);
    // The conversation's title is written after its first reply, in the background: once it is there,
    // the title the decision shows is the one read below (before, the two could straddle it).
    await t.app.replies.whenIdle();
    const action = await saved(a.cookie, { sessionId: session.id, messageId: assistantMessage.id, kind: 'action', text: '  Brief the board on the store plan  ', owner: ' Dana ', dueDate: '2027-01-15', followUpOn: '2027-02-01' });
    const title = ((await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie: a.cookie })).json() as { title: string }).title;
    expect(action).toMatchObject({ kind: 'action', text: 'Brief the board on the store plan', owner: 'Dana', dueDate: '2027-01-15', followUpOn: '2027-02-01', sessionTitle: title });

    const all = (await inject(t.app, { method: 'GET', url: '/api/decisions', cookie: a.cookie })).json() as { decisions: DecisionDto[] };
    // Open ones with a follow-up day first.
    expect(all.decisions.map((d) => d.id)).toEqual([action.id, first.id]);

    const done = await inject(t.app, { method: 'PATCH', url: `/api/decisions/${first.id}`, cookie: a.cookie, payload: { status: 'done' } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: first.id, status: 'done' });
    const edited = await inject(t.app, { method: 'PATCH', url: `/api/decisions/${action.id}`, cookie: a.cookie, payload: { text: 'Brief the board in January', owner: '', dueDate: null } });
    expect(edited.json()).toMatchObject({ text: 'Brief the board in January', owner: null, dueDate: null, followUpOn: '2027-02-01', status: 'open' });

    const open = (await inject(t.app, { method: 'GET', url: '/api/decisions?status=open', cookie: a.cookie })).json() as { decisions: DecisionDto[] };
    expect(open.decisions.map((d) => d.id)).toEqual([action.id]);
    const doneList = (await inject(t.app, { method: 'GET', url: '/api/decisions?status=done', cookie: a.cookie })).json() as { decisions: DecisionDto[] };
    expect(doneList.decisions.map((d) => d.id)).toEqual([first.id]);

    const deleted = await inject(t.app, { method: 'DELETE', url: `/api/decisions/${first.id}`, cookie: a.cookie });
    expect(deleted.json()).toEqual({ deletedId: first.id });
    expect((await inject(t.app, { method: 'DELETE', url: `/api/decisions/${first.id}`, cookie: a.cookie })).statusCode).toBe(404);

    // The decision outlives its conversation: the link goes, the decision stays.
    expect((await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${session.id}`, cookie: a.cookie })).statusCode).toBe(200);
    const after = (await inject(t.app, { method: 'GET', url: '/api/decisions', cookie: a.cookie })).json() as { decisions: DecisionDto[] };
    expect(after.decisions).toEqual([expect.objectContaining({ id: action.id, sessionId: null, sessionTitle: null })]);
  });

  it("is the owner's only: another account's decision, conversation or reply is not found, and signed out is 401", async () => {
    const owner = await answered();
    const decision = await saved(owner.cookie, { sessionId: owner.sessionId, messageId: owner.reply.id, text: 'Open the second store' });
    const other = await t.signIn('vip');
    const notFound = errorCatalog['not_found:decision'];
    for (const call of [
      { method: 'PATCH' as const, url: `/api/decisions/${decision.id}`, payload: { status: 'done' } },
      { method: 'DELETE' as const, url: `/api/decisions/${decision.id}` },
      { method: 'POST' as const, url: `/api/decisions/${decision.id}/follow-up` },
    ]) {
      const response = await inject(t.app, { ...call, cookie: other.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: notFound.message, code: 'not_found:decision' });
      expect((await inject(t.app, call)).statusCode).toBe(401);
    }
    expect(((await inject(t.app, { method: 'GET', url: '/api/decisions', cookie: other.cookie })).json() as { decisions: unknown[] }).decisions).toEqual([]);
    // Saving from someone else's reply, or from a question rather than a reply: not found.
    const stolen = await save(other.cookie, { sessionId: owner.sessionId, messageId: owner.reply.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('not_found:message');
    expect((await save(owner.cookie, { sessionId: owner.sessionId, messageId: owner.questionId })).statusCode).toBe(404);
    expect((await save(owner.cookie, { sessionId: crypto.randomUUID(), messageId: owner.reply.id })).statusCode).toBe(404);
    // Untouched by the others.
    const mine = (await inject(t.app, { method: 'GET', url: '/api/decisions', cookie: owner.cookie })).json() as { decisions: DecisionDto[] };
    expect(mine.decisions).toEqual([expect.objectContaining({ id: decision.id, status: 'open', followedUpAt: null })]);
  });

  it('refuses invalid input with the contract messages', async () => {
    const a = await answered();
    const base = { sessionId: a.sessionId, messageId: a.reply.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, text: '   ' }, decisionValidation.textRequired],
      [{ ...base, text: 'x'.repeat(501) }, decisionValidation.textTooLong],
      [{ ...base, kind: 'wish' }, decisionValidation.kindInvalid],
      [{ ...base, dueDate: '2027-02-30' }, decisionValidation.dateInvalid],
      [{ ...base, followUpOn: 'next week' }, decisionValidation.dateInvalid],
      [{ ...base, owner: 'o'.repeat(121) }, decisionValidation.ownerTooLong],
      [{ ...base, sessionId: 'not-an-id' }, decisionValidation.idInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await save(a.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toContain(message);
    }
    const decision = await saved(a.cookie, base);
    const nothing = await inject(t.app, { method: 'PATCH', url: `/api/decisions/${decision.id}`, cookie: a.cookie, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toContain(decisionValidation.nothingToChange);
    const badStatus = await inject(t.app, { method: 'PATCH', url: `/api/decisions/${decision.id}`, cookie: a.cookie, payload: { status: 'maybe' } });
    expect(badStatus.json().error).toContain(decisionValidation.statusInvalid);
    expect((await inject(t.app, { method: 'GET', url: '/api/decisions?status=maybe', cookie: a.cookie })).statusCode).toBe(400);
    expect((await inject(t.app, { method: 'PATCH', url: '/api/decisions/not-an-id', cookie: a.cookie, payload: { status: 'done' } })).statusCode).toBe(400);
  });

  it('gives a free account one saved decision as a taste: the second is refused with the upgrade code', async () => {
    const a = await answered('standard', { executiveRole: 'CEO', industry: 'Retail' });
    const first = await saved(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Open the second store' });
    const second = await save(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Hire a store manager' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: errorCatalog['forbidden:decisions'].message, code: 'forbidden:decisions' });
    // Two at once cannot both pass either (the count and the insert share a lock on the account).
    const other = await answered('standard', { executiveRole: 'CEO', industry: 'Retail' });
    const racing = await Promise.all([1, 2, 3].map((n) => save(other.cookie, { sessionId: other.sessionId, messageId: other.reply.id, text: `Option ${n}` })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    // The one it keeps can be changed and followed up like any; deleting it makes room for another.
    expect((await inject(t.app, { method: 'PATCH', url: `/api/decisions/${first.id}`, cookie: a.cookie, payload: { status: 'done' } })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/decisions/${first.id}`, cookie: a.cookie })).statusCode).toBe(200);
    expect((await save(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Hire a store manager' })).statusCode).toBe(201);
    // Premium keeps any number.
    const premium = await answered('vip');
    for (const n of [1, 2, 3]) await saved(premium.cookie, { sessionId: premium.sessionId, messageId: premium.reply.id, text: `Step ${n}` });
  });

  it("asks about a decision on its follow-up day (the server's today, set per account by the test clock) and opens a conversation about it", async () => {
    const a = await answered('vip', { executiveRole: 'CFO', industry: 'Retail', userRole: 'COO' });
    const decision = await saved(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Open the second store in Leeds.', owner: 'Dana', dueDate: '2031-03-01', followUpOn: '2031-03-15' });
    const dropped = await saved(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Sell the van', followUpOn: '2031-03-01' });
    await inject(t.app, { method: 'PATCH', url: `/api/decisions/${dropped.id}`, cookie: a.cookie, payload: { status: 'dropped' } });
    const followUps = async () => (await inject(t.app, { method: 'GET', url: '/api/decisions/follow-ups', cookie: a.cookie })).json() as FollowUpsResponse;

    // Today (the real date): nothing due yet.
    expect((await followUps()).decisions).toEqual([]);
    expect((await followUps()).today).toBe(new Date().toISOString().slice(0, 10));
    t.app.testClock!.set(a.user.id, '2031-03-14');
    expect(await followUps()).toEqual({ today: '2031-03-14', decisions: [] });
    t.app.testClock!.set(a.user.id, '2031-03-15');
    expect(await followUps()).toEqual({ today: '2031-03-15', decisions: [expect.objectContaining({ id: decision.id })] });
    // Another account's day is its own.
    const other = await answered('vip');
    await saved(other.cookie, { sessionId: other.sessionId, messageId: other.reply.id, text: 'Other plan', followUpOn: '2031-03-15' });
    expect(((await inject(t.app, { method: 'GET', url: '/api/decisions/follow-ups', cookie: other.cookie })).json() as FollowUpsResponse).decisions).toEqual([]);

    const started = await inject(t.app, { method: 'POST', url: `/api/decisions/${decision.id}/follow-up`, cookie: a.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const followUp = started.json() as FollowUpResponse;
    expect(followUp.session).toMatchObject({ executiveRole: 'CFO', industry: 'Retail', userRole: 'COO' });
    expect(followUp.session.id).not.toBe(a.sessionId);
    expect(followUp.userMessage.content).toBe(followUpPrompt({ kind: 'decision', text: 'Open the second store in Leeds.', owner: 'Dana', dueDate: '2031-03-01' }));
    expect(followUp.userMessage.content.startsWith('How did it go: Open the second store in Leeds?')).toBe(true);
    expect(followUp.assistantMessage.status).toBe('streaming');
    expect(followUp.decision.followedUpAt).not.toBeNull();
    // The advisor answers through the normal reply engine.
    const reply = await waitForMessage(t.app, a.cookie, followUp.session.id, followUp.assistantMessage.id);
    expect(reply.status).toBe('complete');
    expect(reply.content.length).toBeGreaterThan(20);
    expect((await listChatMessages(t.app, a.cookie, followUp.session.id)).messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // Asked once: followed up, the welcome card stops asking, also after an edit that sends the same day back;
    // a different follow-up day asks again.
    expect((await followUps()).decisions).toEqual([]);
    await inject(t.app, { method: 'PATCH', url: `/api/decisions/${decision.id}`, cookie: a.cookie, payload: { text: 'Open the Leeds store', followUpOn: '2031-03-15' } });
    expect((await followUps()).decisions).toEqual([]);
    await inject(t.app, { method: 'PATCH', url: `/api/decisions/${decision.id}`, cookie: a.cookie, payload: { followUpOn: '2031-03-14' } });
    expect((await followUps()).decisions.map((d) => d.id)).toEqual([decision.id]);
    t.app.testClock!.set(a.user.id, null);
    expect((await followUps()).decisions).toEqual([]);
  });

  it("a free account's follow-up is a send like any: refused at the daily limit, leaving no empty conversation", async () => {
    const a = await answered('standard', { executiveRole: 'CEO', industry: 'Retail' });
    const decision = await saved(a.cookie, { sessionId: a.sessionId, messageId: a.reply.id, text: 'Open the second store', followUpOn: '2031-01-01' });
    // Four more questions: five interactions used today.
    for (const n of [1, 2, 3, 4]) {
      const { assistantMessage } = await ask(t.app, a.cookie, a.sessionId, `Question ${n}?`);
      await waitForMessage(t.app, a.cookie, a.sessionId, assistantMessage.id);
    }
    const refused = await inject(t.app, { method: 'POST', url: `/api/decisions/${decision.id}/follow-up`, cookie: a.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limit:interactions');
    const sessions = (await inject(t.app, { method: 'GET', url: `/api/users/${a.user.id}/latest-session`, cookie: a.cookie })).json() as { id: string | null };
    expect(sessions.id).toBe(a.sessionId);
    const [kept] = ((await inject(t.app, { method: 'GET', url: '/api/decisions', cookie: a.cookie })).json() as { decisions: DecisionDto[] }).decisions;
    expect(kept?.followedUpAt).toBeNull();
  });
});

describe('the test clock (decision 034)', () => {
  it('is honoured only when NODE_ENV=test', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK: 'true' })).toThrow(/^Invalid configuration: TEST_CLOCK is honoured only when NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
  });
});

describe('decisionTextFromReply', () => {
  it('takes the recommendation if the reply states one, else its first sentence, as plain text', () => {
    expect(decisionTextFromReply('> *Demo mode: offline.*\n\n## Summary\n\nCash is tight. More below.\n\n**My recommendation:** open the store in **Leeds** first. Then review.')).toBe(
      // The recommendation itself, without its label (issue 29, point 7: decision 061).
      'Open the store in Leeds first.',
    );
    expect(decisionTextFromReply('Cash is tight this quarter. Watch it.')).toBe('Cash is tight this quarter.');
    expect(decisionTextFromReply('- Hire a [controller](https://x.example) now')).toBe('Hire a controller now');
    expect(decisionTextFromReply('word '.repeat(200)).length).toBeLessThanOrEqual(500);
  });
});
