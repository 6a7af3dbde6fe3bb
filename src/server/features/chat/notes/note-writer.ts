import { generateText, Output, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { noteOutputSchema } from '#contract/conversation-note.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { titleOf } from '#server/ai/prompts/second-opinion.ts';
import type { Db } from '#server/db/client.ts';
import { accountOwner } from '#server/db/ownership.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { windowSize } from '../replies/conversation-context.ts';
import type { AfterReply } from '../replies/reply-engine.ts';
import { noteFromLines, noteRequest, uncovered, type NoteTurn } from './note-prompt.ts';
import { findNote, saveModelNote } from './notes.queries.ts';

export interface NoteWriterDeps {
  db: Db;
  model: LanguageModel;
  config: { ai: { maxRetries: number } };
  log: FastifyBaseLogger;
}

type Turn = Pick<ChatMessage, 'role' | 'content' | 'timestamp' | 'executiveRole' | 'status'>;

/** Who wrote a turn, as the note's writer is told. */
function fromOf(message: Turn): string {
  if (message.role === 'user') return 'the user';
  if (message.role === 'assistant') return `the advisor (${message.executiveRole ? titleOf(message.executiveRole) : 'executive'})`;
  return 'a note of the app';
}

/** The cut turns the writer reads: what the model was shown of them (no failed or empty replies). */
function readable(message: Turn): boolean {
  if (!message.content.trim()) return false;
  return message.role !== 'assistant' || message.status === 'complete' || message.status === 'stopped';
}

/** The model call: previous note and cut turns in, the new note's lines out (validated by the schema). */
export async function writeNote(input: { model: LanguageModel; previous: string; turns: NoteTurn[]; maxRetries: number; signal?: AbortSignal }): Promise<string> {
  const { system, prompt } = noteRequest({ previous: input.previous, turns: input.turns });
  const { output } = await generateText({
    model: input.model,
    output: Output.object({ schema: noteOutputSchema, name: 'conversation_note', description: 'The facts, figures and decisions the user stated in the conversation so far.' }),
    system,
    prompt,
    maxOutputTokens: 700,
    maxRetries: input.maxRetries,
    ...(input.signal ? { abortSignal: input.signal } : {}),
    providerOptions: demoProviderOptions({ task: 'note', previous: input.previous, userTurns: input.turns.filter((turn) => turn.from === 'the user').map((turn) => turn.text) }),
  });
  return noteFromLines(noteOutputSchema.parse(output).facts);
}

/**
 * The step after a reply (decision 083): when turns have left the window that the note does not hold
 * yet, the model folds them into the note, in the background. The window is the one the next reply
 * will see: this reply and the history before it, within the budget this reply's conversation had.
 * A failed write leaves the old note (a warning in the log).
 */
export function updateNoteAfterReply(deps: NoteWriterDeps): AfterReply {
  return async (job, history, reply, context) => {
    if (!context) return;
    const newestFirst: Turn[] = [{ role: 'assistant', content: reply, timestamp: new Date(), executiveRole: job.executiveRole, status: 'complete' }, ...history];
    const cut = newestFirst.slice(windowSize(newestFirst, context.historyBudget));
    if (cut.length === 0) return;
    const note = await findNote(deps.db, job.sessionId, accountOwner(job.userId));
    const fresh = uncovered(cut, note ? { content: note.content, coversThrough: note.coversThrough } : null).filter(readable);
    if (fresh.length === 0) return;
    const turns = [...fresh].reverse().map((message) => ({ from: fromOf(message), text: message.content.trim() }));
    let content: string;
    try {
      content = await writeNote({ model: deps.model, previous: note?.content ?? '', turns, maxRetries: deps.config.ai.maxRetries });
    } catch (err) {
      deps.log.warn({ err, sessionId: job.sessionId }, 'the conversation note could not be written: the old note stays');
      return;
    }
    if (!content) {
      deps.log.warn({ sessionId: job.sessionId }, 'the conversation note came back empty: the old note stays');
      return;
    }
    const coversThrough = fresh[0]!.timestamp;
    const saved = await saveModelNote(deps.db, { sessionId: job.sessionId, owner: accountOwner(job.userId), content, coversThrough, readAt: note?.updatedAt ?? null });
    if (!saved) deps.log.info({ sessionId: job.sessionId }, 'the conversation note changed while it was written: the newer one stays');
  };
}
