import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { memoryLimits, memoryValidation, type MemoryResponse, type PinnableResponse, type PinnedDocumentDto } from '#contract/memory.ts';
import { documentPins, documents } from '#server/db/schema.ts';
import { createChatSession } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Pinned documents (issue 33, point 2; decision 082): the routes, ownership, the plan and the bound. */
const t = useTestApp();

const pin = (cookie: string, payload: Record<string, unknown>) => inject(t.app, { method: 'POST', url: '/api/memory/pins', cookie, payload });
const unpin = (cookie: string, documentId: string) => inject(t.app, { method: 'DELETE', url: `/api/memory/pins/${documentId}`, cookie });
const memoryOf = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/memory', cookie })).json() as MemoryResponse;
const pinnableOf = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/memory/pinnable', cookie })).json() as PinnableResponse;

/** A document as extraction leaves it (analysed: ready, text stored), without a file. */
async function storedDocument(userId: string, sessionId: string, name: string, status: 'ready' | 'processing' = 'ready'): Promise<string> {
  const key = `test/${crypto.randomUUID()}`;
  const [row] = await t.database.db
    .insert(documents)
    .values({ userId, sessionId, filename: key, originalName: name, mimeType: 'application/pdf', size: 1, storageKey: key, executiveRole: 'CFO', industry: 'Technology', status, extractionStatus: status === 'ready' ? 'complete' : 'pending', content: status === 'ready' ? 'Our strategy.' : null })
    .returning({ id: documents.id });
  return row!.id;
}

describe('pinned documents', () => {
  it('pins one of the caller’s analysed documents, lists it with its name and date, offers the others, unpins it, and exports the names', async () => {
    const { user, cookie, session } = await t.conversation({ plan: 'vip' });
    const strategy = await storedDocument(user.id, session.id, 'strategy-2027.pdf');
    const deck = await storedDocument(user.id, session.id, 'board-deck.pdf');
    expect((await pinnableOf(cookie)).documents.map((d) => d.name)).toEqual(['board-deck.pdf', 'strategy-2027.pdf']);

    const pinned = await pin(cookie, { documentId: strategy });
    expect(pinned.statusCode, pinned.body).toBe(201);
    const dto = pinned.json() as PinnedDocumentDto;
    expect(dto).toMatchObject({ documentId: strategy, name: 'strategy-2027.pdf', sessionId: session.id });
    expect(dto.pinnedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    // Pinning it again changes nothing.
    expect((await pin(cookie, { documentId: strategy })).statusCode).toBe(201);
    const memory = await memoryOf(cookie);
    expect(memory.pinsAllowed).toBe(true);
    expect(memory.pinnedDocuments).toEqual([dto]);
    expect((await pinnableOf(cookie)).documents.map((d) => d.documentId)).toEqual([deck]);

    const markdown = (await inject(t.app, { method: 'GET', url: '/api/memory/export?format=markdown', cookie })).body;
    expect(markdown).toContain('## Pinned documents\n\n- strategy-2027.pdf (pinned ');
    const json = JSON.parse((await inject(t.app, { method: 'GET', url: '/api/memory/export?format=json', cookie })).body) as { pinnedDocuments: Array<{ name: string }> };
    expect(json.pinnedDocuments.map((d) => d.name)).toEqual(['strategy-2027.pdf']);

    const removed = await unpin(cookie, strategy);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ unpinnedId: strategy });
    expect((await memoryOf(cookie)).pinnedDocuments).toEqual([]);
    expect((await unpin(cookie, strategy)).json().code).toBe('not_found:document');
  });

  it('answers 404 for another account’s document, pinned or not, and never lists it', async () => {
    const owner = await t.conversation({ plan: 'vip' });
    const secret = await storedDocument(owner.user.id, owner.session.id, 'secret.pdf');
    const other = await t.signIn('vip');
    const refused = await pin(other.cookie, { documentId: secret });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: errorCatalog['not_found:document'].message, code: 'not_found:document' });
    expect((await pin(owner.cookie, { documentId: secret })).statusCode).toBe(201);
    expect((await unpin(other.cookie, secret)).statusCode).toBe(404);
    expect((await memoryOf(other.cookie)).pinnedDocuments).toEqual([]);
    expect((await pinnableOf(other.cookie)).documents).toEqual([]);
    expect((await memoryOf(owner.cookie)).pinnedDocuments.map((d) => d.name)).toEqual(['secret.pdf']);
  });

  it('is Premium: a Free account is refused with the upgrade code, and keeps the right to unpin after a downgrade', async () => {
    const { user, cookie, session } = await t.conversation();
    const document = await storedDocument(user.id, session.id, 'plan.pdf');
    const refused = await pin(cookie, { documentId: document });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: errorCatalog['forbidden:memory_pins'].message, code: 'forbidden:memory_pins' });
    expect((await memoryOf(cookie)).pinsAllowed).toBe(false);
    expect((await pinnableOf(cookie)).documents).toEqual([]);
    // Pinned while Premium (the signed-in account is cached, so the row is written as a pin would be).
    await t.database.db.insert(documentPins).values({ userId: user.id, documentId: document });
    expect((await memoryOf(cookie)).pinnedDocuments.map((d) => d.name)).toEqual(['plan.pdf']);
    expect((await unpin(cookie, document)).statusCode).toBe(200);
  });

  it(`holds at most ${memoryLimits.pinnedDocuments} per account, only analysed documents, and says so in the contract’s words`, async () => {
    const { user, cookie, session } = await t.conversation({ plan: 'vip' });
    const ids: string[] = [];
    for (let i = 0; i <= memoryLimits.pinnedDocuments; i += 1) ids.push(await storedDocument(user.id, session.id, `doc-${i}.pdf`));
    for (const id of ids.slice(0, memoryLimits.pinnedDocuments)) expect((await pin(cookie, { documentId: id })).statusCode).toBe(201);
    const full = await pin(cookie, { documentId: ids.at(-1) });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ error: errorCatalog['bad_request:pins_full'].message, code: 'bad_request:pins_full' });
    expect(full.json().error).toContain(`at most ${memoryLimits.pinnedDocuments} documents`);

    const elsewhere = await createChatSession(t.app, cookie);
    const waiting = await storedDocument(user.id, elsewhere.id, 'still-reading.pdf', 'processing');
    await unpin(cookie, ids[0]!);
    const notReady = await pin(cookie, { documentId: waiting });
    expect(notReady.statusCode).toBe(400);
    expect(notReady.json().code).toBe('bad_request:pin_not_ready');
    for (const payload of [{}, { documentId: 'nope' }, { documentId: 42 }]) {
      const bad = await pin(cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error, JSON.stringify(payload)).toContain(memoryValidation.documentIdInvalid);
    }
  });
});
