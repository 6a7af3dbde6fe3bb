import { generateText, type LanguageModel } from 'ai';
import { MAX_TITLE_LENGTH } from '#contract/chat.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { buildTitlePrompt } from '#server/ai/personas/compose.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { countConversationMessages, firstMessages as readFirstMessages } from './messages.queries.ts';
import { claimTitleCall, findSession, setAutomaticTitle } from './sessions.queries.ts';
import { accountOwner } from '#server/db/ownership.ts';

export interface TitleDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
}

/** A title is made from this many of the first messages of a conversation. */
export const TITLE_SOURCE_MESSAGES = 6;

export type TitleSourceMessage = Pick<ChatMessage, 'role' | 'content' | 'status'>;
const TITLE_MAX_OUTPUT_TOKENS = 40;

/** One clean line from whatever the model answered: no quotes, Markdown or trailing punctuation. */
export function cleanTitle(raw: string): string {
  const line = raw
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return '';
  const title = line
    .replace(/^(title\s*:\s*)/i, '')
    .replace(/^[#*_`"'“”‘’\s]+|[*_`"'“”‘’\s]+$/g, '')
    .replace(/[.,;:!]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title.length > MAX_TITLE_LENGTH ? title.slice(0, MAX_TITLE_LENGTH).trim() : title;
}

/**
 * Asks the model for a title from the opening of the conversation and saves it. `firstMessages`,
 * oldest first, and `messageCount` (user and assistant messages) save reading them when the caller
 * already has them (the reply runner does). Returns null (and changes nothing) when there is no user
 * message yet, the answer is empty, the user renamed the conversation, or a title was already asked
 * of the model at this message count: one model call per count at most, whoever asks (decision 050).
 * Provider errors are thrown to the caller.
 */
export async function generateSessionTitle(
  deps: TitleDeps,
  sessionId: string,
  userId: string,
  firstMessages?: TitleSourceMessage[],
  messageCount?: number,
): Promise<string | null> {
  // A renamed conversation is not sent to the model at all (the save below checks again, for a rename meanwhile).
  const session = await findSession(deps.db, sessionId, accountOwner(userId));
  if (!session || session.titleRenamedAt) return null;
  const source = firstMessages ?? (await readFirstMessages(deps.db, sessionId, TITLE_SOURCE_MESSAGES));
  const opening = source.slice(0, TITLE_SOURCE_MESSAGES).filter((m) => m.content.trim() && m.status !== 'failed');
  const firstUserMessage = opening.find((m) => m.role === 'user');
  if (!firstUserMessage) return null;
  const count = messageCount ?? (await countConversationMessages(deps.db, sessionId));
  if (!(await claimTitleCall(deps.db, sessionId, accountOwner(userId), count))) return null;
  const { text } = await generateText({
    model: deps.model,
    prompt: buildTitlePrompt(opening.map((m) => ({ role: m.role, content: m.content }))),
    maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS,
    maxRetries: deps.config.ai.maxRetries,
    abortSignal: AbortSignal.timeout(deps.config.ai.stallTimeoutMs),
    providerOptions: demoProviderOptions({ task: 'title', firstUserMessage: firstUserMessage.content }),
  });
  const title = cleanTitle(text);
  if (!title) return null;
  // A conversation the user renamed keeps its name (decision 033): the title is then not saved.
  const saved = await setAutomaticTitle(deps.db, sessionId, accountOwner(userId), title);
  return saved ? title : null;
}
