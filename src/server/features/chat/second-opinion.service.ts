import type { SecondOpinionInput, SendUserMessageResponse } from '#contract/chat.ts';
import { AppError } from '#server/errors.ts';
import type { Caller } from '#server/plugins/session.ts';
import { assertExecutiveAllowed } from './admission/send-rules.ts';
import { launch } from './admission/admission.ts';
import { toMessageDto } from './chat-dto.ts';
import { findMessage, insertMessages, messagesBefore } from './messages.queries.ts';
import { HISTORY_LIMIT } from './replies/prompt.ts';
import { secondOpinionHistory } from '#server/ai/prompts/second-opinion.ts';
import { questionOf } from './messages.service.ts';
import { lockSession, updateSession } from './sessions.queries.ts';
import type { ChatDeps } from './sessions.service.ts';
import { ownerOf } from '#server/db/ownership.ts';

/**
 * "Ask another executive" (issue 14, point 3; issue 29, point 6; decision 060): a one-off second
 * opinion. The reply's question is asked again, at the end of the conversation, of the chosen
 * executive, whose answer carries that executive's name. The conversation keeps its own executive:
 * no switch, no context note, and the next question goes to the conversation's executive as before.
 * The repeated question keeps the conversation's executive on its row, so a reply whose executive
 * differs from its question's is a second opinion (how the client labels it).
 */
export async function askAnotherExecutive(deps: ChatDeps, caller: Caller, sessionId: string, replyId: string, input: SecondOpinionInput): Promise<SendUserMessageResponse> {
  const question = await questionOf(deps, caller, sessionId, replyId);
  assertExecutiveAllowed(caller, input.executiveRole);
  // The answer being seconded: compared in a second step, once the independent view is written (decision 078).
  const seconded = await findMessage(deps.db, replyId, ownerOf(caller), sessionId);
  const { session, userMessage, assistantMessage } = await deps.db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId, ownerOf(caller));
    if (!session) throw new AppError('not_found:chat_session');
    const at = Date.now();
    const [userMessage, assistantMessage] = await insertMessages(tx, [
      { sessionId, role: 'user', content: question.content, documentIds: question.documentIds, userRole: session.userRole, executiveRole: session.executiveRole, status: 'complete', timestamp: new Date(at) },
      { sessionId, role: 'assistant', content: '', userRole: session.userRole, executiveRole: input.executiveRole, status: 'streaming', timestamp: new Date(at + 1) },
    ]);
    await updateSession(tx, sessionId, ownerOf(caller), { updatedAt: new Date(at) });
    return { session, userMessage: userMessage!, assistantMessage: assistantMessage! };
  });
  // Independent (issue 31, point 3; decision 068): the answer being seconded is not in the request, the other answers carry their authors.
  const history = secondOpinionHistory(await messagesBefore(deps.db, assistantMessage, HISTORY_LIMIT), { firstAnswerId: replyId, executiveRole: input.executiveRole });
  // Premium only (questionOf): nothing is counted.
  launch(deps, {
    history,
    messageId: assistantMessage.id,
    sessionId,
    userId: caller.user.id,
    executiveRole: input.executiveRole,
    industry: session.industry,
    userRole: session.userRole,
    chargedDay: null,
    ...(seconded?.content.trim() ? { secondOpinionOf: { executiveRole: seconded.executiveRole, question: question.content, answer: seconded.content } } : {}),
    premium: true,
  });
  return { userMessage: toMessageDto(userMessage), assistantMessage: toMessageDto(assistantMessage), systemMessage: null };
}
