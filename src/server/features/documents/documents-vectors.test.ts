import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { documentChunks } from '#server/db/schema.ts';
import { accountOwner } from '#server/db/ownership.ts';
import { searchPassages } from '#server/ai/tools/read-document/passages.queries.ts';
import { sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse } from '#tests/helpers/documents-api.ts';
import type { LogLine } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { passageEmbeddingsExist } from '#server/ai/tools/read-document/passage-embeddings.queries.ts';
import { passageVectorsAtStart } from '#server/ai/tools/read-document/passage-vectors.ts';
import { createEmbedder } from '#server/ai/embeddings.ts';
import { scheduleEmbeddingBackfill } from './embedding-backfill.ts';

/**
 * Decision 085: read_document's vector similarity, with the analysis job that embeds (here, so the file
 * runs on PostgreSQL too), against a real OpenAI-compatible server (the fake answers POST /v1/embeddings in OpenAI's format with hashed bag-of-words vectors). Asserted on the
 * exact requests the fake receives and on the sources the reply saves. On PostgreSQL without pgvector
 * (this machine's server), the vector cases are skipped, saying why, and full text is proven to work.
 */
const logLines: LogLine[] = [];
const t = useTestApp({ AI_EMBEDDING_MODEL: 'fake-embedding', LOG_LEVEL: 'info' }, { fakeAi: true, logLines });

let markers = 0;
const marker = () => `[vec-${++markers}-${Date.now().toString(36)}]`;

/** Paragraphs of about 1,000 characters without a sentence end inside: each is one passage (chunks.ts cuts at 1,500). */
const paragraph = (text: string) => `${text}${', as the finance team reported to the board in the quarterly review of the plan'.repeat(10)}.`;
const RUNWAY = 'Runway: at the September net burn of 169,000 per month the 2,408,000 of cash on hand covers about fourteen months';
const plan = [
  paragraph('Hiring: the engineering team adds six people in the first half and two in the second'),
  paragraph(RUNWAY),
  paragraph('Pricing: the enterprise tier moves to annual contracts with a ten percent uplift at renewal'),
].join('\n\n');
const QUESTION = 'how long will our money last';

async function attachPlan(cookie: string, sessionId: string, text = plan) {
  return attachAndAnalyse(t.app, cookie, sessionId, { name: 'plan.txt', type: 'text/plain', body: Buffer.from(text) });
}

async function askAbout(cookie: string, sessionId: string, content: string, documentIds: string[]): Promise<ChatMessageDto> {
  const sent = await sendChatMessage(t.app, cookie, sessionId, content, { documentIds });
  expect(sent.statusCode, sent.body).toBe(201);
  return (await waitForMessage(t.app, cookie, sessionId, sent.json().assistantMessage.id)) as ChatMessageDto;
}

const passagesOf = (documentId: string) =>
  t.database.db.select({ content: documentChunks.content }).from(documentChunks).where(eq(documentChunks.documentId, documentId)).orderBy(asc(documentChunks.ordinal));

/** Skips (with the reason) where the database has no pgvector: PostgreSQL servers without the extension. */
async function needsVectors(context: { skip: (note?: string) => void }) {
  if (!(await passageEmbeddingsExist(t.database.db))) context.skip('this PostgreSQL has no pgvector extension: read_document ranks by full text alone here (decision 085)');
}

describe('read_document with vector similarity', () => {
  // Non-streamed calls (the document's analysis, a title) answer a valid analysis: documents get ready.
  beforeAll(() => {
    t.fake.titleReply = JSON.stringify({ executiveSummary: 'A plan.', keyPoints: ['Hiring, runway, pricing.'], risks: ['Burn.'], questions: ['When to raise?'] });
  });

  it('embeds the passages at analysis and the question at read, and the fused ranking finds a passage that shares no word with the question', async (context) => {
    await needsVectors(context);
    t.fake.embeddings.synonyms.set('money', 'cash').set('long', 'runway').set('last', 'months');
    const { cookie, session, user } = await t.conversation({ plan: 'vip' });
    const document = await attachPlan(cookie, session.id);

    // At analysis: one request of the document's passages, in order, for the configured model.
    const passages = (await passagesOf(document.id)).map((row) => row.content);
    expect(passages).toHaveLength(3);
    const atAnalysis = t.fake.embeddings.requestsWith('Runway: at the September');
    expect(atAnalysis.map((request) => ({ model: request.body.model, input: request.body.input }))).toEqual([{ model: 'fake-embedding', input: passages }]);

    // Full text alone finds nothing: the question shares no word with the document.
    expect(await searchPassages(t.database.db, { owner: accountOwner(user.id), sessionId: session.id }, { query: QUESTION, limit: 5 })).toEqual([]);

    const m = marker();
    t.fake.when(m, { toolCalls: [{ id: 'call_money', name: 'read_document', input: { query: QUESTION } }] }, { reply: 'About fourteen months [1].' });
    const before = t.fake.embeddings.requests.length;
    const reply = await askAbout(cookie, session.id, `How long will our money last? ${m}`, [document.id]);

    // At read: the question, embedded once.
    expect(t.fake.embeddings.requests.slice(before).map((request) => request.body.input)).toEqual([[QUESTION]]);
    expect(reply.tools![0]!.sources![0]).toMatchObject({ n: 1, documentId: document.id, file: 'plan.txt', text: expect.stringContaining(RUNWAY) });
    // And the model reads it first in the next step.
    const toolMessage = String(t.fake.requestsFor(m)[1]!.body.messages.at(-1)!.content);
    expect(toolMessage.indexOf(RUNWAY)).toBeGreaterThan(-1);
    expect(toolMessage.indexOf(RUNWAY)).toBeLessThan(toolMessage.indexOf('Hiring:') === -1 ? Infinity : toolMessage.indexOf('Hiring:'));
  });

  it("never returns another account's passage, however close its vector", async (context) => {
    await needsVectors(context);
    const stranger = await t.conversation({ plan: 'vip' });
    // The stranger's passage is the question itself: the closest vector there is.
    await attachPlan(stranger.cookie, stranger.session.id, paragraph(`Secret: ${QUESTION} Zephyrine`));
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const document = await attachPlan(cookie, session.id);
    const m = marker();
    t.fake.when(m, { toolCalls: [{ id: 'call_mine', name: 'read_document', input: { query: QUESTION } }] }, { reply: 'Fourteen months [1].' });
    const reply = await askAbout(cookie, session.id, `Runway? ${m}`, [document.id]);
    const sources = reply.tools![0]!.sources!;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((source) => source.documentId === document.id)).toBe(true);
    expect(JSON.stringify(t.fake.requestsFor(m)[1]!.body.messages)).not.toContain('Zephyrine');
  });

  it('a failing embeddings endpoint fails neither the analysis nor the read: full text answers', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const vectorsOn = await passageEmbeddingsExist(t.database.db);
    // At analysis: the provider answers 500; the document is ready all the same.
    if (vectorsOn) t.fake.embeddings.failures.push(500);
    const failed = await attachPlan(cookie, session.id);
    expect(failed.status).toBe('ready');
    // A second document is embedded; then the question's embedding fails at read.
    const embedded = await attachPlan(cookie, session.id, paragraph('Suppliers: the two logistics contracts renew in May at flat rates'));
    if (vectorsOn) t.fake.embeddings.failures.push(500);
    const m = marker();
    t.fake.when(m, { toolCalls: [{ id: 'call_words', name: 'read_document', input: { query: 'enterprise pricing renewal' } }] }, { reply: 'Annual contracts [1].' });
    const before = t.fake.embeddings.requests.length;
    const reply = await askAbout(cookie, session.id, `Pricing? ${m}`, [failed.id, embedded.id]);
    expect(reply.tools![0]).toMatchObject({ status: 'done' });
    expect(reply.tools![0]!.sources![0]).toMatchObject({ documentId: failed.id, text: expect.stringContaining('Pricing: the enterprise tier moves to annual contracts') });
    if (vectorsOn) {
      expect(logLines.filter((line) => String(line.msg).startsWith("embedding a document's passages failed"))).toHaveLength(1);
      expect(t.fake.embeddings.requests.slice(before).map((request) => request.body.input)).toEqual([['enterprise pricing renewal']]);
      expect(t.fake.embeddings.failures).toEqual([]);
    } else {
      // No pgvector: nothing is embedded, nothing is asked of the provider, and the start said so once.
      expect(t.fake.embeddings.requests).toEqual([]);
      expect(logLines.filter((line) => String(line.msg).includes('has no pgvector extension'))).toHaveLength(1);
    }
  });

  // Last in the file: it walks every document still missing vectors, the failed one above included.
  it('embeds the passages of documents attached before embeddings were on, in the background, and waits for the next start while the provider fails', async (context) => {
    await needsVectors(context);
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const older = await attachPlan(cookie, session.id, [paragraph('Warehouses: the Leeds site closes in March'), paragraph('Fleet: twelve vans are leased until 2028')].join('\n\n'));
    // As if it had been attached before AI_EMBEDDING_MODEL was set.
    await t.database.db.execute(sql`delete from passage_embeddings where document_id = ${older.id}`);
    const vectorsOf = async (documentId: string) => (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from passage_embeddings where document_id = ${documentId}`)).rows[0]!.n;
    const vectors = await passageVectorsAtStart(t.database.db, createEmbedder(t.config.ai), t.app.log);
    const deps = { db: t.database.db, jobs: t.app.jobs, log: t.app.log, vectors };

    // The provider fails: the walk stops at once, with one line, and nothing is stored.
    t.fake.embeddings.failures.push(500);
    const before = t.fake.embeddings.requests.length;
    expect(await scheduleEmbeddingBackfill(deps)).toBe(true);
    expect(await scheduleEmbeddingBackfill(deps)).toBe(false); // a second instance starting in the same hour queues nothing
    await t.app.jobs.runUntilIdle();
    expect(t.fake.embeddings.requests.length - before).toBe(1);
    expect(logLines.filter((line) => String(line.msg).startsWith('embedding older documents stopped'))).toHaveLength(1);
    expect(await vectorsOf(older.id)).toBe(0);

    // The next start walks again and embeds every passage, in one request for this document.
    expect(await scheduleEmbeddingBackfill(deps, new Date(Date.now() + 3_600_000))).toBe(true);
    await t.app.jobs.runUntilIdle();
    expect(await vectorsOf(older.id)).toBe((await passagesOf(older.id)).length);
    expect(t.fake.embeddings.requests.slice(before).some((request) => JSON.stringify(request.body.input).includes('Warehouses: the Leeds site closes in March'))).toBe(true);
    expect(logLines.filter((line) => String(line.msg) === 'embedded passages of older documents')).not.toHaveLength(0);
  });
});
