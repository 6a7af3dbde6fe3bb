import type { SecondOpinionInput, SendUserMessageResponse } from '#contract/chat.ts';
import { AppError } from '#server/errors.ts';
import type { Caller } from '#server/plugins/session.ts';
import type { ChatDeps } from './sessions.service.ts';
import { questionOf, sendMessage } from './messages.service.ts';
import { updateContext } from './sessions.service.ts';

/**
 * "Ask another executive" (issue 14, point 3; decision 028): the reply's question, asked again of the
 * chosen executive in the same conversation. The switch leaves its own context note (spec section 4),
 * then the question is sent as any question is (a Premium feature, so nothing is counted).
 */
export async function askAnotherExecutive(deps: ChatDeps, caller: Caller, sessionId: string, replyId: string, input: SecondOpinionInput): Promise<SendUserMessageResponse> {
  const question = await questionOf(deps, caller, sessionId, replyId);
  const switched = await updateContext(deps, caller, sessionId, { executiveRole: input.executiveRole });
  // The user's own role stays as the conversation has it (undefined: unchanged).
  const sent = await sendMessage(deps, caller, sessionId, { role: 'user', content: question.content, documentIds: question.documentIds, userRole: undefined });
  if (!('userMessage' in sent)) throw new AppError('internal:unexpected');
  return { ...sent, systemMessage: switched.systemMessage ?? sent.systemMessage };
}
