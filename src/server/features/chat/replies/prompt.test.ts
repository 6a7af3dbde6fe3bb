import { describe, expect, it, vi } from 'vitest';
import { configFrom } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { buildReplyPrompt, type ContextProvider, type ReplyJob } from './prompt.ts';

const config = configFrom({ AI_CONTEXT_TOKENS: '2000' });
/** The history comes with the job, so the database is never asked. */
const db = {} as Db;

const message = (role: ChatMessage['role'], content: string): ChatMessage =>
  ({ id: crypto.randomUUID(), sessionId: 's', role, content, status: 'complete', documentIds: ['doc-1'] }) as ChatMessage;

const history = [message('user', 'What does the contract say about renewal?'), message('assistant', 'Earlier answer.'), message('user', 'Earlier question.')];
const job: ReplyJob = { messageId: 'm', sessionId: 's', userId: 'u', executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO', chargedDay: null, history };

describe('buildReplyPrompt', () => {
  it('without context providers: the persona and the conversation, oldest first', async () => {
    const prompt = await buildReplyPrompt({ db, config, contextProviders: [] }, job, new AbortController().signal);
    expect(prompt.system).toContain('Chief Financial Officer');
    expect(prompt.messages).toEqual([
      { role: 'user', content: 'Earlier question.' },
      { role: 'assistant', content: 'Earlier answer.' },
      { role: 'user', content: 'What does the contract say about renewal?' },
    ]);
    expect(prompt.notes).toEqual([]);
    expect(prompt.providerOptions.demo).toMatchObject({ task: 'reply', question: 'What does the contract say about renewal?' });
  });

  it('runs context providers in order between the history and the model call: system text after the persona, messages before the conversation', async () => {
    const signal = new AbortController().signal;
    const documents: ContextProvider = vi.fn(async (request) => ({
      system: `Documents attached to the question: ${request.history[0]!.documentIds.join(', ')}.`,
      messages: [{ role: 'user' as const, content: '<document id="doc-1">Renewal is automatic.</document>' }],
      note: 'read 1 document',
    }));
    const nothing: ContextProvider = vi.fn(async () => null);
    const prompt = await buildReplyPrompt({ db, config, contextProviders: [documents, nothing] }, job, signal);
    expect(documents).toHaveBeenCalledWith({ job, history, signal });
    expect(nothing).toHaveBeenCalledTimes(1);
    expect(prompt.system.indexOf('Chief Financial Officer')).toBeLessThan(prompt.system.indexOf('Documents attached to the question: doc-1.'));
    // Two user turns in a row become one: some providers refuse them.
    expect(prompt.messages[0]).toEqual({ role: 'user', content: '<document id="doc-1">Renewal is automatic.</document>\n\nEarlier question.' });
    expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: 'What does the contract say about renewal?' });
    expect(prompt.notes).toEqual(['read 1 document']);
  });

  it("takes a provider's tokens out of the history's budget, never the question", async () => {
    const long = 'x'.repeat(4 * 1900);
    const big: ContextProvider = async () => ({ messages: [{ role: 'user', content: long }, { role: 'assistant', content: 'Noted.' }] });
    const prompt = await buildReplyPrompt({ db, config, contextProviders: [big] }, job, new AbortController().signal);
    expect(prompt.messages).toEqual([
      { role: 'user', content: long },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'What does the contract say about renewal?' },
    ]);
  });

  it('fails when a provider fails (the engine then fails the reply)', async () => {
    const broken: ContextProvider = async () => {
      throw new Error('storage unavailable');
    };
    await expect(buildReplyPrompt({ db, config, contextProviders: [broken] }, job, new AbortController().signal)).rejects.toThrow('storage unavailable');
  });
});
