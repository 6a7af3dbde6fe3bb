import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { formatMemoryDate } from '#contract/memory.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import { createChatSession, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 33, points 2 and 5 (decision 082), on the exact requests the fake OpenAI-compatible server
 * receives: read_document reads a pinned document in a conversation that has none of its own, its
 * passages labelled as pinned; and a decision's outcome, remembered as a fact, reaches a later
 * prompt about a similar decision, inside the memory fence.
 */
const t = useTestApp({}, { fakeAi: true });
let markers = 0;
const marker = () => `[pin-${++markers}-${Date.now().toString(36)}]`;

async function askIn(cookie: string, sessionId: string, content: string): Promise<ChatMessageDto> {
  const sent = await sendChatMessage(t.app, cookie, sessionId, content);
  expect(sent.statusCode, sent.body).toBe(201);
  return (await waitForMessage(t.app, cookie, sessionId, sent.json().assistantMessage.id)) as ChatMessageDto;
}

/** An analysed board deck in one conversation, one passage per slide. */
async function boardDeck(userId: string, sessionId: string): Promise<string> {
  const key = `test/${crypto.randomUUID()}`;
  const [row] = await t.database.db
    .insert(documents)
    .values({ userId, sessionId, filename: key, originalName: 'board-deck-q3.pdf', mimeType: 'application/pdf', size: 1, storageKey: key, executiveRole: 'CEO', industry: 'Technology', status: 'ready', extractionStatus: 'complete', content: 'stored in passages' })
    .returning({ id: documents.id });
  await t.database.db.insert(documentChunks).values([
    { documentId: row!.id, ordinal: 0, label: 'Slide 1', content: 'Q3 board update. Revenue grew 18% quarter on quarter.' },
    { documentId: row!.id, ordinal: 1, label: 'Slide 2', content: 'Hiring plan. The board approved twelve engineering hires for the Lisbon office in Q4.' },
  ]);
  return row!.id;
}

const fenceOf = (system: string, kind: string) => {
  const open = new RegExp(`<${kind}-([0-9a-f]{16})>`).exec(system);
  expect(open, `a ${kind} fence`).not.toBeNull();
  return system.slice(system.indexOf(open![0]), system.indexOf(`</${kind}-${open![1]}>`));
};

describe('pinned documents in a reply', () => {
  it('are read by read_document in a conversation with no documents of its own, labelled as pinned, and named in the memory block', async () => {
    const { user, cookie, session } = await t.conversation({ plan: 'vip' });
    const deck = await boardDeck(user.id, session.id);
    expect((await inject(t.app, { method: 'POST', url: '/api/memory/pins', cookie, payload: { documentId: deck } })).statusCode).toBe(201);
    const elsewhere = await createChatSession(t.app, cookie, { executiveRole: 'CHRO', industry: 'Technology' });

    const m = marker();
    t.fake.when(m, { toolCalls: [{ id: 'call_pinned', name: 'read_document', input: { query: 'engineering hires Lisbon' } }] }, { reply: 'The board approved twelve hires [1].' });
    const reply = await askIn(cookie, elsewhere.id, `How many engineers may we hire? ${m}`);
    expect(reply.status).toBe('complete');
    expect(reply.tools![0]).toMatchObject({ name: 'read_document', status: 'done', label: 'Reading board-deck-q3.pdf (pinned), slide 2' });
    expect(reply.tools![0]!.sources).toEqual([
      { n: 1, documentId: deck, file: 'board-deck-q3.pdf', location: 'slide 2', pinned: true, text: 'Hiring plan. The board approved twelve engineering hires for the Lisbon office in Q4.', quote: 'The board approved twelve engineering hires for the Lisbon office in Q4.' },
    ]);

    const [first, second] = t.fake.requestsFor(m);
    // Offered although the conversation names no document; the memory block names the pinned one, fenced.
    expect((first!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['calculate', 'read_document']);
    expect(fenceOf(first!.systemText, 'memory')).toContain(`- board-deck-q3.pdf (id: ${deck}, pinned ${formatMemoryDate(new Date().toISOString())})`);
    const content = second!.body.messages.at(-1)!.content as string;
    const boundary = /<document-([0-9a-f]{16})>/.exec(content)![1]!;
    expect(content).toContain(
      [
        `<document-${boundary}>`,
        'source: [1]',
        'name: board-deck-q3.pdf (pinned)',
        `id: ${deck}`,
        'location: slide 2',
        'pinned: pinned to the company by the user, not attached to this conversation: say you read it in their pinned documents',
        '',
        'Hiring plan. The board approved twelve engineering hires for the Lisbon office in Q4.',
        `</document-${boundary}>`,
      ].join('\n'),
    );
  });

  it('are not read while memory is paused, nor by another account', async () => {
    const { user, cookie, session } = await t.conversation({ plan: 'vip' });
    const deck = await boardDeck(user.id, session.id);
    await inject(t.app, { method: 'POST', url: '/api/memory/pins', cookie, payload: { documentId: deck } });
    expect((await inject(t.app, { method: 'PATCH', url: '/api/memory/settings', cookie, payload: { paused: true } })).statusCode).toBe(200);
    const elsewhere = await createChatSession(t.app, cookie);
    const m = marker();
    t.fake.when(m, { reply: 'No documents to read.' });
    await askIn(cookie, elsewhere.id, `Hiring plan? ${m}`);
    const [paused] = t.fake.requestsFor(m);
    expect((paused!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['calculate']);
    expect(paused!.systemText).not.toContain('board-deck-q3.pdf');

    const other = await t.conversation({ plan: 'vip' });
    const m2 = marker();
    t.fake.when(m2, { reply: 'Nothing pinned.' });
    await askIn(other.cookie, other.session.id, `Hiring plan? ${m2}`);
    const [stranger] = t.fake.requestsFor(m2);
    expect((stranger!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['calculate']);
    expect(stranger!.systemText).not.toContain('board-deck-q3.pdf');
  });
});

describe('a remembered outcome', () => {
  it('reaches a later prompt about a similar decision, fenced as memory', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const m = marker();
    t.fake.when(m, { reply: 'Move the sales team to commission-only pay.' });
    const answer = await askIn(cookie, session.id, `How should we pay the sales team? ${m}`);
    const saved = await inject(t.app, { method: 'POST', url: '/api/decisions', cookie, payload: { sessionId: session.id, messageId: answer.id, text: 'Move the sales team to commission-only pay' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const done = await inject(t.app, {
      method: 'PATCH',
      url: `/api/decisions/${saved.json().id}`,
      cookie,
      payload: { status: 'done', outcome: 'Two senior reps quit within a month and the pipeline fell 30%.' },
    });
    expect(done.statusCode, done.body).toBe(200);

    const later = await createChatSession(t.app, cookie, { executiveRole: 'CFO', industry: 'Technology' });
    const m2 = marker();
    t.fake.when(m2, { reply: 'Careful: last time it cost you two senior reps.' });
    await askIn(cookie, later.id, `Should we move the support team to commission-only pay too? ${m2}`);
    const [request] = t.fake.requestsFor(m2);
    const today = formatMemoryDate(new Date().toISOString());
    expect(fenceOf(request!.systemText, 'memory')).toContain(
      `- Decision on ${today}: Move the sales team to commission-only pay. What happened: Two senior reps quit within a month and the pipeline fell 30%. (stated ${today})`,
    );
  });
});
