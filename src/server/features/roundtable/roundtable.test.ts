import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import { roundtableValidation, type RoundtableDto } from '#contract/roundtable.ts';
import { chatMessages, roundtables } from '#server/db/schema.ts';
import { startFakeOpenAiServer, type FakeStep } from '#tests/fakes/openai-server.ts';
import { createChatSession, listChatMessages, openSse } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, setPlan, signUpUser } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { firstOutOfOrder, readPdf } from '#tests/helpers/pdf-text.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { roundtableEnded } from '#tests/helpers/roundtable-api.ts';

const t = useTestApp({ AI_MAX_RETRIES: '0' }, { fakeAi: true, listen: true });

const TITLES = { CFO: 'Chief Financial Officer', CMO: 'Chief Marketing Officer', COO: 'Chief Operating Officer' } as const;
const CHAIR = 'chair of an executive roundtable';

const seatReply = (words: string, position: string, opts: { changed?: boolean; movedBy?: string; confidence?: string } = {}) =>
  `${words}\n\n<stance>\nPosition: ${position}\nConfidence: ${opts.confidence ?? 'high'}\nMain risk: ${position} risk\n${opts.changed === undefined ? '' : `Changed: ${opts.changed ? 'yes' : 'no'}\nMoved by: ${opts.movedBy ?? 'none'}\n`}</stance>`;

const create = (cookie: string, sessionId: string, payload: Record<string, unknown>) =>
  inject(t.app, { method: 'POST', url: `/api/chat-sessions/${sessionId}/roundtables`, cookie, payload });
const settled = (cookie: string, id: string) => roundtableEnded(t.app, cookie, id);

async function premiumTable(payload: Record<string, unknown>) {
  const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CEO', industry: 'Retail' } });
  const response = await create(cookie, session.id, { question: 'Should we open ten stores in Ohio?', format: 'roundtable', executiveRoles: ['CFO', 'CMO', 'COO'], ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return { cookie, session, table: response.json() as RoundtableDto };
}

describe('a roundtable', () => {
  it('holds a blind round in parallel, a rebuttal on the stances, stops early when no one moves, and the chair sums up', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const opening = (seat: keyof typeof TITLES, position: string): FakeStep => ({ reply: seatReply(`${seat} opening words about Ohio.`, position), gate, gateAfterChunks: 1 });
    t.fake.whenSystem(TITLES.CFO, opening('CFO', 'Pilot two stores first'), { reply: seatReply('CFO rebuttal.', 'Pilot two stores first', { changed: false }) });
    t.fake.whenSystem(TITLES.CMO, opening('CMO', 'Open all ten now'), { reply: seatReply('CMO rebuttal.', 'Open all ten now', { changed: false }) });
    t.fake.whenSystem(TITLES.COO, opening('COO', 'Open five after hiring'), { reply: seatReply('COO rebuttal.', 'Open five after hiring', { changed: false }) });
    t.fake.whenSystem(CHAIR, { reply: '## Consensus\nThey agree Ohio matters.\n## Disagreements\n- CMO against CFO on pace.' });

    const { cookie, session, table } = await premiumTable({ maxRounds: 3 });
    expect(table).toMatchObject({ status: 'running', format: 'roundtable', question: 'Should we open ten stores in Ohio?', seats: [{ role: 'CFO', title: TITLES.CFO }, { role: 'CMO' }, { role: 'COO' }] });
    // All three seats are asked before any has answered: in parallel, and each sees only the question.
    const first = await waitFor(() => {
      const asked = t.fake.requests.filter((r) => r.body.stream && r.lastUserText.includes('Should we open ten stores in Ohio?') && !r.lastUserText.includes('position so far'));
      return asked.length >= 3 ? asked : undefined;
    }, 'three blind openings');
    for (const request of first) {
      expect(request.lastUserText).not.toMatch(/opening words/);
      expect(request.body.max_tokens).toBe(700);
    }
    expect(new Set(first.map((r) => r.systemText.match(/playing a seasoned ([A-Za-z ]+?) in/)?.[1]))).toEqual(new Set(Object.values(TITLES)));
    open();

    const done = await settled(cookie, table.id);
    expect(done).toMatchObject({ status: 'complete', stopReason: 'consensus' });
    expect(done.turns.map((turn) => [turn.round, turn.seat, turn.kind, turn.status])).toEqual([
      [1, 'CFO', 'opening', 'complete'],
      [1, 'CMO', 'opening', 'complete'],
      [1, 'COO', 'opening', 'complete'],
      [2, 'CFO', 'rebuttal', 'complete'],
      [2, 'CMO', 'rebuttal', 'complete'],
      [2, 'COO', 'rebuttal', 'complete'],
    ]);
    expect(done.turns[0]).toMatchObject({ content: 'CFO opening words about Ohio.', stance: { position: 'Pilot two stores first', confidence: 'high', risk: 'Pilot two stores first risk', changed: false } });
    expect(done.turns.every((turn) => (turn.promptTokens ?? 0) > 0 && (turn.completionTokens ?? 0) > 0)).toBe(true);
    expect(done.tokensUsed).toBe(
      [...done.turns, done.synthesis!].reduce((sum, turn) => sum + (turn.promptTokens ?? 0) + (turn.completionTokens ?? 0), 0),
    );
    expect(done.synthesis).toMatchObject({ seat: 'Chair', kind: 'synthesis', status: 'complete', content: expect.stringContaining('## Consensus') });
    // The rebuttal showed each seat the others' whole arguments and stances (issue 31, point 4); the chair got every round.
    const cfoRebuttal = t.fake.requests.find((r) => r.systemText.includes(TITLES.CFO) && r.lastUserText.includes('position so far'))!;
    expect(cfoRebuttal.lastUserText).toContain('Your position so far: Pilot two stores first');
    expect(cfoRebuttal.lastUserText).toContain('- CMO: Open all ten now; confidence high');
    expect(cfoRebuttal.lastUserText).toContain('CMO opening words about Ohio.');
    expect(cfoRebuttal.body.max_tokens).toBe(400);
    const chair = t.fake.requests.find((r) => r.systemText.includes(CHAIR))!;
    expect(chair.lastUserText).toContain('- COO: Open five after hiring');

    // The table is part of the conversation: the question and each turn are its messages.
    const { messages } = await listChatMessages(t.app, cookie, session.id, '?limit=100');
    expect(messages.filter((m) => m.roundtableId === table.id)).toHaveLength(8);
    const list = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/roundtables`, cookie });
    expect(list.json().roundtables.map((r: RoundtableDto) => r.id)).toEqual([table.id]);

    // History: the conversation carries the table's badge, and a seat's words find it (once the
    // background job has indexed them, decision 027).
    await t.app.jobs.runUntilIdle();
    const history = await inject(t.app, { method: 'GET', url: `/api/users/${(await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json().id}/chat-sessions?q=${encodeURIComponent('opening words Ohio')}`, cookie });
    expect(history.statusCode).toBe(200);
    expect(history.json().sessions).toMatchObject([{ id: session.id, roundtableCount: 1, title: 'Roundtable: Should we open ten stores in Ohio' }]);

    // The board pack: question, participants and their positions, the synthesis, then the debate.
    const pdf = await inject(t.app, { method: 'GET', url: `/api/roundtables/${table.id}/export/pdf?tz=UTC`, cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text, title } = await readPdf(pdf.rawPayload);
    expect(title).toBe('Board pack: Should we open ten stores in Ohio?');
    expect(firstOutOfOrder(text, ['Should we open ten stores in Ohio?', 'Participants and positions', 'Pilot two stores first', 'Open all ten now', 'Open five after hiring', "Chair's synthesis and decision", 'They agree Ohio matters.', 'CFO · Round 1', 'CFO opening words about Ohio.'])).toBeNull();

    // A follow-up to one seat: only the CMO answers, given its own earlier position and the synthesis.
    t.fake.whenSystem(TITLES.CMO, { reply: seatReply('CMO answers the follow-up.', 'Open all ten, but in two waves') });
    const followUp = await create(cookie, session.id, { question: 'CMO, what about winter?', format: 'roundtable', executiveRoles: ['CFO', 'CMO', 'COO'], followUpOf: table.id, addressTo: 'CMO' });
    expect(followUp.statusCode, followUp.body).toBe(201);
    const answered = await settled(cookie, (followUp.json() as RoundtableDto).id);
    expect(answered).toMatchObject({ status: 'complete', addressTo: 'CMO', synthesis: null, turns: [{ seat: 'CMO', kind: 'answer', content: 'CMO answers the follow-up.' }] });
    const asked = t.fake.requests.find((r) => r.lastUserText.includes('CMO, what about winter?'))!;
    expect(asked.lastUserText).toContain('Your position then: Open all ten now');
    expect(asked.lastUserText).toContain('They agree Ohio matters.');
  });

  it('goes on without a seat whose provider fails, marking it failed', async () => {
    t.fake.whenSystem(TITLES.CMO, { status: 500 });
    t.fake.whenSystem(TITLES.CFO, { reply: seatReply('CFO alone.', 'Wait') }, { reply: seatReply('CFO again.', 'Wait', { changed: false }) });
    t.fake.whenSystem(TITLES.COO, { reply: seatReply('COO alone.', 'Go') }, { reply: seatReply('COO again.', 'Go slower', { changed: true, movedBy: 'the CFO' }) });
    t.fake.whenSystem(CHAIR, { reply: 'Synthesis without the CMO.' });
    const { cookie, table } = await premiumTable({ maxRounds: 2 });
    const done = await settled(cookie, table.id);
    expect(done).toMatchObject({ status: 'complete', stopReason: 'max-rounds', synthesis: { content: 'Synthesis without the CMO.' } });
    expect(done.turns.map((turn) => [turn.round, turn.seat, turn.status])).toEqual([
      [1, 'CFO', 'complete'],
      [1, 'CMO', 'failed'],
      [1, 'COO', 'complete'],
      [2, 'CFO', 'complete'],
      [2, 'COO', 'complete'],
    ]);
    expect(done.turns[1]!.error).toBe(replyErrors.unavailable);
    expect(done.turns[4]!.stance).toMatchObject({ position: 'Go slower', changed: true, movedBy: 'the CFO' });
  });

  it('stops: every seat ends, what was said is kept, and the stream says so', async () => {
    const gate = new Promise<void>(() => {});
    for (const title of Object.values(TITLES)) t.fake.whenSystem(title, { reply: 'Partial words then much more text that never arrives', gate, gateAfterChunks: 2 });
    const { cookie, table } = await premiumTable({});
    const stream = await openSse(`${t.origin}/api/roundtables/${table.id}/stream`, { cookie });
    // Every seat has said its two words (on a busy machine one seat can start well after another: stopping
    // before it asked the model would leave its scripted reply to the next test).
    const spoke = new Set<string>();
    while (spoke.size < 3) {
      const delta = await stream.next((e) => e.event === 'delta' && (e.data as { text: string }).text.includes('words') && !spoke.has((e.data as { turnId: string }).turnId));
      spoke.add((delta.data as { turnId: string }).turnId);
    }
    const stopped = await inject(t.app, { method: 'POST', url: `/api/roundtables/${table.id}/stop`, cookie });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', stopReason: 'user', synthesis: null });
    expect((stopped.json() as RoundtableDto).turns.every((turn) => turn.status === 'stopped' && turn.content === 'Partial words')).toBe(true);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'stopped', stopReason: 'user' } });
  });

  it('streams turn starts, deltas, turn ends, round ends, the synthesis and done; a reconnect with Last-Event-ID resumes without gap or repeat', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    t.fake.whenSystem(TITLES.CFO, { reply: seatReply('One two three four five six.', 'Wait'), gate, gateAfterChunks: 3 }, { reply: seatReply('Rebut.', 'Wait', { changed: false }) });
    t.fake.whenSystem(TITLES.CMO, { reply: seatReply('Go go go.', 'Go') }, { reply: seatReply('Rebut.', 'Go', { changed: false }) });
    t.fake.whenSystem(CHAIR, { reply: 'The verdict.' });
    const { cookie, table } = await premiumTable({ executiveRoles: ['CFO', 'CMO'] });
    const firstStream = await openSse(`${t.origin}/api/roundtables/${table.id}/stream`, { cookie });
    const cut = await firstStream.next((e) => e.event === 'delta' && (e.data as { text: string }).text.includes('three'));
    firstStream.close();
    open();
    const resumed = await openSse(`${t.origin}/api/roundtables/${table.id}/stream`, { cookie, lastEventId: cut.id });
    await resumed.ended;
    const seen = [...firstStream.events.filter((e) => Number(e.id) <= Number(cut.id)), ...resumed.events];
    // Ids only grow (the chair's turn-end and synthesis share one), and no event came twice.
    const ids = seen.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const keys = seen.map((e) => `${e.id}:${e.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(resumed.events[0]!.id).not.toBe(cut.id);
    const names = new Set(seen.map((e) => e.event));
    for (const name of ['turn-start', 'delta', 'turn-end', 'round-end', 'synthesis', 'done']) expect(names).toContain(name);
    // The CFO's opening, from both connections, is its whole text exactly once.
    const cfoTurn = (seen.find((e) => e.event === 'turn-start' && (e.data as { seat: string }).seat === 'CFO') as { data: { turnId: string } }).data.turnId;
    const text = seen.filter((e) => e.event === 'delta' && (e.data as { turnId: string }).turnId === cfoTurn).map((e) => (e.data as { text: string }).text).join('');
    expect(text).toBe(seatReply('One two three four five six.', 'Wait'));
    expect(seen.at(-1)).toMatchObject({ event: 'done', data: { status: 'complete' } });
    expect(seen.find((e) => e.event === 'synthesis')).toMatchObject({ data: { content: 'The verdict.' } });
    // After the end, a reader gets the stored table whole, then done.
    const late = await openSse(`${t.origin}/api/roundtables/${table.id}/stream`, { cookie });
    await late.ended;
    expect(late.events.map((e) => e.event)).toEqual(['snapshot', 'done']);
  });
});

describe('who may convene and follow a table', () => {
  it('refuses Free accounts (403), other accounts (404) and malformed tables (400)', async () => {
    const free = await t.conversation();
    const refused = await create(free.cookie, free.session.id, { question: 'q', format: 'roundtable', executiveRoles: ['CFO', 'CMO'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden:premium');

    const { cookie, session, table } = await premiumTable({ executiveRoles: ['CFO', 'CMO'] });
    const other = await t.signIn('vip');
    expect((await create(other.cookie, session.id, { question: 'q', format: 'roundtable', executiveRoles: ['CFO', 'CMO'] })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/roundtables/${table.id}`],
      ['GET', `/api/roundtables/${table.id}/stream`],
      ['POST', `/api/roundtables/${table.id}/stop`],
      ['POST', `/api/roundtables/${table.id}/resume`],
      ['GET', `/api/chat-sessions/${session.id}/roundtables`],
    ] as const) {
      const response = await inject(t.app, { method, url, cookie: other.cookie });
      expect(response.statusCode, url).toBe(404);
    }
    const bad = async (payload: Record<string, unknown>) => (await create(cookie, session.id, { question: 'q', format: 'roundtable', executiveRoles: ['CFO', 'CMO'], ...payload })).json().error as string;
    expect((await create(cookie, session.id, { question: 'q', format: 'roundtable', executiveRoles: ['CFO'] })).statusCode).toBe(400);
    expect(await bad({ format: 'head-to-head', executiveRoles: ['CFO', 'CMO', 'COO'] })).toContain(roundtableValidation.seatsHeadToHead);
    expect(await bad({ executiveRoles: ['CFO', 'CFO'] })).toContain(roundtableValidation.seatsRoundtable);
    expect(await bad({ addressTo: 'CISO' })).toContain(roundtableValidation.addressToNotSeated);
    expect(await bad({ maxRounds: 4 })).toContain(roundtableValidation.roundsInvalid);
    await settled(cookie, table.id);
  });

  it('limits the tables running at once per account (429)', async () => {
    const gate = new Promise<void>(() => {});
    t.fake.whenSystem(TITLES.CFO, { reply: 'a b c', gate }, { reply: 'a b c', gate });
    const { cookie, session, table } = await premiumTable({ executiveRoles: ['CFO', 'VP Legal'] });
    const second = await create(cookie, session.id, { question: 'Second?', format: 'roundtable', executiveRoles: ['CFO', 'VP Legal'] });
    expect(second.statusCode).toBe(201);
    const third = await create(cookie, session.id, { question: 'Third?', format: 'roundtable', executiveRoles: ['CMO', 'VP Legal'] });
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(errorCatalog['rate_limit:roundtables'].message);
    for (const id of [table.id, (second.json() as RoundtableDto).id]) await inject(t.app, { method: 'POST', url: `/api/roundtables/${id}/stop`, cookie });
  });
});

describe('a head-to-head in history (issue 29, point 13)', () => {
  it('is titled and counted as a head-to-head, not a roundtable', async () => {
    // One round: one scripted reply per seat (a second would be left to the next test).
    t.fake.whenSystem(TITLES.CFO, { reply: seatReply('CFO for.', 'Take it') });
    t.fake.whenSystem(TITLES.CMO, { reply: seatReply('CMO against.', 'Leave it') });
    t.fake.whenSystem(CHAIR, { reply: 'Take it, carefully.' });
    const { cookie, session, table } = await premiumTable({ question: 'Do we take it or leave it?', format: 'head-to-head', executiveRoles: ['CFO', 'CMO'], maxRounds: 1 });
    await settled(cookie, table.id);
    const me = (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json() as { id: string };
    const history = await inject(t.app, { method: 'GET', url: `/api/users/${me.id}/chat-sessions`, cookie });
    expect(history.json().sessions).toMatchObject([{ id: session.id, title: 'Head-to-head: Do we take it or leave it', roundtableCount: 1, headToHeadCount: 1 }]);
  });
});

describe('budget and restarts', () => {
  it('ends cleanly at its token budget: no further round, no synthesis it cannot pay for', async () => {
    const fake = await startFakeOpenAiServer();
    const app = await createTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', ROUNDTABLE_TOKEN_BUDGET: '200' });
    try {
      const user = await signUpUser(app.app, app.config);
      await setPlan(app.database.db, user.user.id, 'vip');
      const session = await createChatSession(app.app, user.cookie);
      const response = await inject(app.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/roundtables`, cookie: user.cookie, payload: { question: 'Budget?', format: 'head-to-head', executiveRoles: ['CFO', 'CMO'] } });
      expect(response.statusCode).toBe(201);
      await app.app.roundtables.whenIdle();
      const table = (await inject(app.app, { method: 'GET', url: `/api/roundtables/${(response.json() as RoundtableDto).id}`, cookie: user.cookie })).json() as RoundtableDto;
      expect(table).toMatchObject({ status: 'complete', stopReason: 'budget', synthesis: null, tokenBudget: 200 });
      expect(table.turns.map((turn) => turn.round)).toEqual([1, 1]);
      expect(table.tokensUsed).toBeGreaterThanOrEqual(200);
      expect(table.seats.map((seat) => seat.side)).toEqual(['for', 'against']);
    } finally {
      await app.close();
      await fake.close();
    }
  });

  it('is marked interrupted after a restart, keeping its finished turns, and resumes where it stopped', async () => {
    // What a crashed process leaves: a running table whose runner is gone, one turn finished, one cut off.
    const user = await t.signIn('vip');
    const session = await createChatSession(t.app, user.cookie);
    const { db } = t.database;
    const longAgo = new Date(Date.now() - 60_000);
    const [row] = await db
      .insert(roundtables)
      .values({ sessionId: session.id, userId: user.user.id, format: 'roundtable', question: 'Restart?', executiveRoles: ['CFO', 'CMO'], industry: 'Technology', userRole: 'CEO', maxRounds: 1, tokenBudget: 60_000, heartbeatAt: longAgo })
      .returning();
    const id = row!.id;
    const turn = (over: Partial<typeof chatMessages.$inferInsert>) => ({ sessionId: session.id, roundtableId: id, role: 'assistant' as const, heartbeatAt: longAgo, ...over });
    await db.insert(chatMessages).values([
      turn({ role: 'user', content: 'Restart?', roundtableRound: 0, timestamp: new Date(Date.now() - 3000) }),
      turn({ executiveRole: 'CFO', roundtableRound: 1, content: 'CFO done.', status: 'complete', stance: { position: 'Wait', confidence: 'high', risk: null, changed: false, movedBy: null }, timestamp: new Date(Date.now() - 2000) }),
      turn({ executiveRole: 'CMO', roundtableRound: 1, content: 'CMO cut o', status: 'streaming', timestamp: new Date(Date.now() - 1999) }),
    ]);

    const restarted = await createTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: t.fake.baseUrl, AI_MODEL: 'fake-model' }, { database: t.database });
    try {
      const after = (await inject(restarted.app, { method: 'GET', url: `/api/roundtables/${id}`, cookie: user.cookie })).json() as RoundtableDto;
      expect(after).toMatchObject({ status: 'interrupted', stopReason: 'interrupted' });
      expect(after.turns.map((turn) => [turn.seat, turn.status, turn.content, turn.error])).toEqual([
        ['CFO', 'complete', 'CFO done.', null],
        ['CMO', 'failed', 'CMO cut o', replyErrors.interrupted],
      ]);
      t.fake.whenSystem(TITLES.CMO, { reply: seatReply('CMO back.', 'Go') });
      t.fake.whenSystem(CHAIR, { reply: 'Verdict after the restart.' });
      const before = t.fake.requests.length;
      const resumed = await inject(restarted.app, { method: 'POST', url: `/api/roundtables/${id}/resume`, cookie: user.cookie });
      expect(resumed.statusCode, resumed.body).toBe(202);
      await restarted.app.roundtables.whenIdle();
      const final = (await inject(restarted.app, { method: 'GET', url: `/api/roundtables/${id}`, cookie: user.cookie })).json() as RoundtableDto;
      expect(final).toMatchObject({ status: 'complete', synthesis: { content: 'Verdict after the restart.' } });
      expect(final.turns.map((turn) => [turn.seat, turn.status, turn.content])).toEqual([
        ['CFO', 'complete', 'CFO done.'],
        ['CMO', 'complete', 'CMO back.'],
      ]);
      // Only the cut-off seat and the chair were asked again.
      expect(t.fake.requests.slice(before).filter((r) => r.body.stream).map((r) => (r.systemText.includes(CHAIR) ? 'chair' : r.systemText.includes(TITLES.CMO) ? 'CMO' : 'other'))).toEqual(['CMO', 'chair']);
      expect((await inject(restarted.app, { method: 'POST', url: `/api/roundtables/${id}/resume`, cookie: user.cookie })).statusCode).toBe(400);
    } finally {
      await restarted.close();
    }
  });
});
