import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { createLanguageModel } from '#server/ai/provider.ts';
import { chatMessages } from '#server/db/schema.ts';
import { createInProcessHub } from '#server/streams/in-process-hub.ts';
import { ask, listChatMessages, waitForMessage } from '#tests/helpers/chat-api.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import type { ContextProvider } from './prompt.ts';
import { RunRegistry } from '#server/runs/run-registry.ts';
import { replyRunKind } from './reply-engine.ts';
import type { TurnStreamEvent } from '#server/runs/stream-events.ts';

// The real openai-compatible provider code against a real HTTP server speaking the OpenAI protocol.
// Short enough for the stall test, long enough that a busy machine (several test workers, PGlite on the
// test's own thread) never takes an answering provider for a silent one: at 2.5 s one did, under load 20.
const STALL_MS = 6000;
const t = useTestApp({ AI_STALL_TIMEOUT_MS: String(STALL_MS), AI_MAX_RETRIES: '2' }, { fakeAi: true });

let markers = 0;
const marker = () => `[case-${++markers}-${Date.now().toString(36)}]`;

const usageOf = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();

const freeUserWithSession = () => t.conversation({ session: { executiveRole: 'CFO', industry: 'Healthcare', userRole: 'Director' } });

describe('replies through an OpenAI-compatible provider', () => {
  it('streams a reply into the assistant message and saves it complete with usage, sending the persona prompt', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { reply: 'Protect cash first. Then renegotiate supplier terms before the quarter closes.' });
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, `How do we survive a cash crunch? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({
      status: 'complete',
      content: 'Protect cash first. Then renegotiate supplier terms before the quarter closes.',
      model: 'fake-model',
      error: null,
    });
    expect(reply.promptTokens).toBeGreaterThan(100);
    expect(reply.completionTokens).toBe(11);

    const [request] = t.fake.requestsFor(m);
    expect(request!.body.model).toBe('fake-model');
    expect(request!.body.stream).toBe(true);
    const [system, ...rest] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Chief Financial Officer');
    expect(system!.content).toContain('Healthcare');
    expect(system!.content).toContain('The user is a Director');
    expect(rest).toEqual([{ role: 'user', content: userMessage.content }]);
  });

  it('sends the earlier conversation, with context changes as notes, oldest first', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CEO', industry: 'Energy' } });
    const first = marker();
    t.fake.when(first, { reply: 'Diversify into storage.' });
    const one = await ask(t.app, cookie, session.id, `What is our next move? ${first}`);
    await waitForMessage(t.app, cookie, session.id, one.assistantMessage.id);
    await inject(t.app, { method: 'PUT', url: `/api/chat-sessions/${session.id}/context`, cookie, payload: { executiveRole: 'CTO' } });
    const second = marker();
    const two = await ask(t.app, cookie, session.id, `Which technology? ${second}`);
    await waitForMessage(t.app, cookie, session.id, two.assistantMessage.id);

    const [request] = t.fake.requestsFor(second);
    expect(request!.body.messages[0]!.content).toContain('Chief Technology Officer');
    expect(request!.body.messages.slice(1)).toEqual([
      { role: 'user', content: `What is our next move? ${first}` },
      // The CEO's answer carries its author: the CTO must not read it as its own (issue 31, point 3).
      { role: 'assistant', content: '[Answer from the Chief Executive Officer]\nDiversify into storage.' },
      { role: 'user', content: `[Note: Switched advisor from CEO to CTO.]\n\nWhich technology? ${second}` },
    ]);
  });

  it('retries a 429 before the first token and then succeeds', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { status: 429, retryAfterMs: 10 }, { status: 429, retryAfterMs: 10 }, { reply: 'Third time lucky.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Rate limited? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({ status: 'complete', content: 'Third time lucky.' });
    expect(t.fake.requestsFor(m)).toHaveLength(3);
    expect((await usageOf(cookie)).interactionsUsed).toBe(1);
  });

  it('fails with a clear message after the retries when the provider answers 500, and gives the interaction back', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { status: 500, retryAfterMs: 10 }, { status: 500, retryAfterMs: 10 }, { status: 500, retryAfterMs: 10 });
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, `Down? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({ status: 'failed', content: '', error: replyErrors.unavailable, promptTokens: null });
    expect(t.fake.requestsFor(m)).toHaveLength(3);
    await waitFor(async () => (await usageOf(cookie)).interactionsUsed === 0, 'the interaction to be given back');
    const { messages } = await listChatMessages(t.app, cookie, session.id);
    expect(messages.map((x) => x.id)).toEqual([userMessage.id, assistantMessage.id]);
  });

  it('says the provider is rate-limiting when 429 outlasts the retries', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { status: 429, retryAfterMs: 10 }, { status: 429, retryAfterMs: 10 }, { status: 429, retryAfterMs: 10 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Busy? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({ status: 'failed', error: replyErrors.rateLimited });
  });

  it('keeps the partial text and the user message when the stream breaks midway', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { failAfterChunks: 3, reply: 'one two three four five six' });
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, `Break? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({ status: 'failed', content: 'one two three ', error: replyErrors.connectionLost });
    const { messages } = await listChatMessages(t.app, cookie, session.id);
    expect(messages.find((x) => x.id === userMessage.id)?.content).toContain('Break?');
    await waitFor(async () => (await usageOf(cookie)).interactionsUsed === 0, 'the interaction to be given back');
  });

  it('fails a reply that stops producing tokens after the stall timeout, keeping its text', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { stallAfterChunks: 2, reply: 'Thinking about it now and then nothing' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Stall? ${m}`);
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id, ['failed', 'complete', 'stopped'], STALL_MS * 10);
    expect(reply).toMatchObject({ status: 'failed', content: 'Thinking about ', error: replyErrors.stalled });
  });

  it('stops a reply on request, keeping the partial text and the interaction, and retries it without counting another', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    // Five tokens, then the provider pauses for good: only Stop ends this reply. The retry gets a whole one.
    t.fake.when(m, { reply: words, gate: new Promise(() => {}), gateAfterChunks: 5 }, { reply: 'The whole answer.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Long answer please ${m}`);
    // Wait until some text has been saved, then stop.
    await waitFor(async () => (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id)))[0]?.content, 'some text');
    const stop = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stop`, cookie });
    expect(stop.statusCode).toBe(200);
    const stopped = stop.json().message;
    expect(stopped.status).toBe('stopped');
    expect(stopped.content).toBe('word0 word1 word2 word3 word4');
    // Nothing is written after the stop: the stop returned once the final state was saved, and no writer is left.
    expect(t.app.replies.isRunning(assistantMessage.id)).toBe(false);
    const later = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(later).toMatchObject({ status: 'stopped', content: stopped.content });
    expect((await usageOf(cookie)).interactionsUsed).toBe(1);
    // The request to the provider was aborted, not left running.
    const upstream = t.fake.requestsFor(m)[0]!;
    await waitFor(() => upstream.clientClosed, 'the provider request to be aborted');
    expect(upstream.chunksSent).toBeLessThan(200);
    // Stopping again changes nothing.
    const again = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stop`, cookie });
    expect(again.json().message).toMatchObject({ status: 'stopped', content: stopped.content });
    // One question, one interaction: the stopped reply's was kept, so writing it again is not counted.
    const retry = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/retry`, cookie });
    expect(retry.statusCode).toBe(202);
    expect(await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).toMatchObject({ status: 'complete', content: 'The whole answer.' });
    expect((await usageOf(cookie)).interactionsUsed).toBe(1);
  });

  it('retries a failed reply into the same message, counting an interaction again', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { failAfterChunks: 1, reply: 'broken reply' }, { reply: 'A better answer.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Retry me ${m}`);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    await waitFor(async () => (await usageOf(cookie)).interactionsUsed === 0, 'the interaction to be given back');
    const retry = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/retry`, cookie });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().message).toMatchObject({ id: assistantMessage.id, status: 'streaming', content: '', error: null });
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply).toMatchObject({ status: 'complete', content: 'A better answer.' });
    expect((await usageOf(cookie)).interactionsUsed).toBe(1);
    // The retried request carried the same question, and only it.
    expect(t.fake.requestsFor(m).at(-1)!.body.messages.slice(1)).toEqual([{ role: 'user', content: `Retry me ${m}` }]);
    const notAgain = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/retry`, cookie });
    expect(notAgain.statusCode).toBe(400);
    expect(notAgain.json()).toEqual({ error: 'Only a failed or stopped reply can be tried again.', code: 'bad_request:message_state' });
  });

  it('regenerates a finished reply as a new take: counted, given back when it fails, asked for a different take (issue 14, point 4)', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { reply: 'First take.' }, { status: 500, retryAfterMs: 10 }, { status: 500, retryAfterMs: 10 }, { status: 500, retryAfterMs: 10 }, { reply: 'Second take.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Regenerate me ${m}`);
    expect(await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).toMatchObject({ status: 'complete', content: 'First take.' });
    expect((await usageOf(cookie)).interactionsUsed).toBe(1);
    const regenerate = () => inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/regenerate`, cookie });

    // The provider fails the new take: the reply says so and its interaction is given back.
    expect((await regenerate()).statusCode).toBe(202);
    expect(await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).toMatchObject({ status: 'failed', error: replyErrors.unavailable });
    await waitFor(async () => (await usageOf(cookie)).interactionsUsed === 1, 'the failed take to give its interaction back');
    // Regenerating the failed reply is its retry: a new reply, counted once.
    expect((await regenerate()).statusCode).toBe(202);
    expect(await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).toMatchObject({ status: 'complete', content: 'Second take.' });
    expect((await usageOf(cookie)).interactionsUsed).toBe(2);
    // The regenerate asked the model for a different take, with the same question (and not the first answer).
    const regenerated = t.fake.requestsFor(m)[1]!.body;
    expect(JSON.stringify(regenerated.messages[0])).toContain('answer their latest question again');
    expect(regenerated.messages.slice(1)).toEqual([{ role: 'user', content: `Regenerate me ${m}` }]);
  });

  it('saves a stopped reply up to its last complete block: no empty list item or heading left hanging (issue 29, point 15)', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const m = marker();
    const reply = 'Cash is tight.\n\n### Steps\n1. Hire first.\n2. Sign the lease.\n\n### Risks\n- Demand';
    // Stopped right after "2. " is written.
    t.fake.when(m, { reply, gate: new Promise(() => {}), gateAfterChunks: 9 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Plan please ${m}`);
    await waitFor(async () => (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id)))[0]?.content.includes('2.'), 'the reply to reach its second step');
    const stop = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stop`, cookie });
    expect(stop.json().message).toMatchObject({ status: 'stopped', content: 'Cash is tight.\n\n### Steps\n1. Hire first.' });
    // History and the transcript read the same row.
    expect(await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).toMatchObject({ status: 'stopped', content: 'Cash is tight.\n\n### Steps\n1. Hire first.' });
  });

  it('stops the runner when a reply is deleted while it is being written', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.when(m, { reply: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '), gate: new Promise(() => {}), gateAfterChunks: 3 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Delete while writing ${m}`);
    await waitFor(() => t.fake.requestsFor(m)[0]?.firstChunkAt, 'the first token');
    const deleted = await inject(t.app, { method: 'DELETE', url: `/api/messages/${assistantMessage.id}`, cookie });
    expect(deleted.statusCode).toBe(200);
    const upstream = t.fake.requestsFor(m)[0]!;
    await waitFor(() => upstream.clientClosed, 'the provider request to be aborted');
    expect(upstream.chunksSent).toBeLessThan(200);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id));
    expect(rows).toEqual([]);
  });

  it('asks the provider for a title with the opening of the conversation', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    t.fake.titleReply = '"Surviving A Cash Crunch."';
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Cash is tight ${m}`);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    // The reply asked for the title (one model call per message count, decision 050): the route answers it once saved.
    const title = async () => (await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/generate-title`, cookie })).json().title as string;
    expect(await waitFor(async () => ((await title()) === 'Surviving A Cash Crunch' ? 'saved' : undefined), 'the title')).toBe('saved');
    const titleRequest = t.fake.requests.filter((r) => !r.body.stream && JSON.stringify(r.body.messages).includes(m)).at(-1)!;
    expect(JSON.stringify(titleRequest.body.messages)).toMatch(/<conversation-[0-9a-f]{16}>/);
  });

  it('titles a conversation by itself at 2 messages and at every third after, from its first six messages', async () => {
    const { cookie, session } = await freeUserWithSession();
    const m = marker();
    const titleRequests = () => t.fake.requests.filter((r) => !r.body.stream && JSON.stringify(r.body.messages).includes(m));
    // Sends 1 to 4 bring the conversation to 2, 4, 6 and 8 messages: titles are due after the 1st and the 3rd.
    const expected = [1, 1, 2, 2];
    for (const [i, count] of expected.entries()) {
      t.fake.when(m, { reply: `Answer ${i + 1}.` });
      const { assistantMessage } = await ask(t.app, cookie, session.id, `Question ${i + 1} ${m}`);
      await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
      await waitFor(async () => (titleRequests().length >= count ? true : undefined), `title request ${count}`);
    }
    // Every reply and every title it asked for has settled, so a wrongly due title would be counted.
    await t.app.replies.whenIdle();
    expect(titleRequests()).toHaveLength(2);
    const secondPrompt = JSON.stringify(titleRequests()[1]!.body.messages);
    for (const text of ['Question 1', 'Answer 1.', 'Question 2', 'Answer 2.', 'Question 3', 'Answer 3.']) expect(secondPrompt).toContain(text);
    expect(secondPrompt).not.toContain('Question 4');
  });
});

describe('context providers', () => {
  /**
   * A second engine on the app's database, with a context provider, writing a reply the way a
   * send's admission would hand it over (a user message and its empty 'streaming' reply).
   */
  async function replyWith(contextProviders: ContextProvider[], question: string) {
    const { user, session } = await freeUserWithSession();
    const at = Date.now();
    const [, reply] = await t.database.db
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: 'user', content: question, documentIds: ['doc-7'], timestamp: new Date(at) },
        { sessionId: session.id, role: 'assistant', content: '', status: 'streaming', timestamp: new Date(at + 1) },
      ])
      .returning();
    const hub = createInProcessHub<TurnStreamEvent>();
    const kind = replyRunKind({ db: t.database.db, config: t.config, model: createLanguageModel(t.config.ai), hub, log: t.app.log, sessionCache: { invalidateUser: () => {} }, contextProviders });
    const engine = new RunRegistry(kind, { hub, log: t.app.log });
    engine.start(reply!.id, { messageId: reply!.id, sessionId: session.id, userId: user.id, executiveRole: 'CFO', industry: 'Healthcare', userRole: 'Director', chargedDay: null });
    await engine.whenIdle();
    return (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply!.id)))[0]!;
  }

  it('add to the prompt between the history and the model call, without the engine knowing what they read', async () => {
    const m = marker();
    t.fake.when(m, { reply: 'Renewal is automatic unless you give notice.' });
    const documents: ContextProvider = async ({ history }) => ({
      system: `The user attached: ${history[0]!.documentIds.join(', ')}.`,
      messages: [{ role: 'user', content: '<document id="doc-7">Renews each year.</document>' }],
      note: 'read 1 document',
    });
    const row = await replyWith([documents], `When does the contract renew? ${m}`);
    expect(row).toMatchObject({ status: 'complete', content: 'Renewal is automatic unless you give notice.' });
    const [request] = t.fake.requestsFor(m);
    const [system, ...rest] = request!.body.messages;
    expect(system!.content).toContain('Chief Financial Officer');
    expect(system!.content).toContain('The user attached: doc-7.');
    expect(rest).toEqual([{ role: 'user', content: `<document id="doc-7">Renews each year.</document>\n\nWhen does the contract renew? ${m}` }]);
  });

  it('fail the reply, in words meant for the user, when one of them fails', async () => {
    const m = marker();
    const broken: ContextProvider = async () => {
      throw new Error('object storage: access key rejected');
    };
    const row = await replyWith([broken], `Read my file ${m}`);
    expect(row).toMatchObject({ status: 'failed', error: replyErrors.unavailable, content: '' });
    expect(t.fake.requestsFor(m)).toEqual([]);
  });
});
