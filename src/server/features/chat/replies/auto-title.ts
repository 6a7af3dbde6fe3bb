import type { FastifyBaseLogger } from 'fastify';
import { shouldGenerateTitle } from '#contract/limits.ts';
import { logSummary } from '#server/ai/provider-errors.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { countConversationMessages } from '../messages.queries.ts';
import { generateSessionTitle, TITLE_SOURCE_MESSAGES, type TitleDeps, type TitleSourceMessage } from '../titles.ts';
import { HISTORY_LIMIT, type ReplyJob } from './prompt.ts';

/**
 * Titles follow the conversation: at 2 messages and every third one after (spec section 4). When
 * the admission gave the engine the whole conversation before the reply (fewer than
 * HISTORY_LIMIT messages; the reply is then the newest), the count and the opening come from it,
 * so no query runs after a reply unless a title is due. Failures are logged, never thrown.
 */
export async function titleAfterReply(deps: TitleDeps & { log: FastifyBaseLogger }, job: ReplyJob, history: ChatMessage[], reply: string): Promise<void> {
  try {
    const whole = job.history !== undefined && history.length < HISTORY_LIMIT;
    if (!whole) {
      const count = await countConversationMessages(deps.db, job.sessionId);
      if (shouldGenerateTitle(count)) await generateSessionTitle(deps, job.sessionId, job.userId, undefined, count);
      return;
    }
    const conversation: TitleSourceMessage[] = [...history.toReversed(), { role: 'assistant', content: reply, status: 'complete' }];
    const count = conversation.filter((m) => m.role !== 'system').length;
    if (!shouldGenerateTitle(count)) return;
    await generateSessionTitle(deps, job.sessionId, job.userId, conversation.slice(0, TITLE_SOURCE_MESSAGES), count);
  } catch (err) {
    deps.log.warn({ err: logSummary(err), sessionId: job.sessionId }, 'automatic title generation failed');
  }
}
