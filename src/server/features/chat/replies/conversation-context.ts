import type { ModelMessage } from 'ai';
import type { ChatMessage } from '#server/db/schema.ts';

/** A rough but provider-neutral token estimate: about four characters per token in English text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

type HistoryMessage = Pick<ChatMessage, 'role' | 'content' | 'status'>;

/** How a stored message reads to the model; null when it is left out. */
function asTurn(message: HistoryMessage): { role: 'user' | 'assistant'; content: string } | null {
  const content = message.content.trim();
  if (!content) return null;
  if (message.role === 'user') return { role: 'user', content };
  // The user saw a stopped reply's text; a failed or unfinished one is not part of the conversation.
  if (message.role === 'assistant') return message.status === 'complete' || message.status === 'stopped' ? { role: 'assistant', content } : null;
  // Context changes ("Switched advisor from CEO to CFO.") are notes the user also sees, not instructions.
  return { role: 'user', content: `[Note: ${content}]` };
}

/**
 * How many of the newest messages fit the window: the newest user message always, then as many
 * earlier messages as fit the token budget. Messages from this index on have left the window
 * (their facts are kept in the conversation's note, decision 083).
 * @param newestFirst the history before the reply, newest first; its first user message is the question.
 */
export function windowSize(newestFirst: readonly HistoryMessage[], budgetTokens: number): number {
  let used = 0;
  let haveQuestion = false;
  for (let index = 0; index < newestFirst.length; index++) {
    const message = newestFirst[index]!;
    const turn = asTurn(message);
    if (!turn) continue;
    const cost = estimateTokens(turn.content);
    if (haveQuestion && used + cost > budgetTokens) return index;
    if (turn.role === 'user' && message.role === 'user') haveQuestion = true;
    used += cost;
  }
  return newestFirst.length;
}

/**
 * The conversation sent with a reply: the messages inside the window (windowSize), oldest first.
 * Adjacent turns of one speaker are merged, which every provider accepts (some reject two user
 * turns in a row).
 */
export function buildConversation(newestFirst: readonly HistoryMessage[], budgetTokens: number): ModelMessage[] {
  const turns = newestFirst
    .slice(0, windowSize(newestFirst, budgetTokens))
    .map(asTurn)
    .filter((turn): turn is NonNullable<typeof turn> => turn !== null)
    .reverse();
  // A conversation cut by the budget must not open with the advisor speaking.
  while (turns.length > 1 && turns[0]!.role === 'assistant') turns.shift();
  return mergeAdjacentTurns(turns);
}

/**
 * Adjacent text turns of one speaker become one, which every provider accepts (some reject two
 * user turns in a row). Turns with parts (images, files) are kept as they are.
 */
export function mergeAdjacentTurns(turns: readonly ModelMessage[]): ModelMessage[] {
  const merged: ModelMessage[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && last.role === turn.role && (turn.role === 'user' || turn.role === 'assistant') && typeof last.content === 'string' && typeof turn.content === 'string') {
      merged[merged.length - 1] = { role: turn.role, content: `${last.content}\n\n${turn.content}` };
    } else {
      merged.push({ ...turn } as ModelMessage);
    }
  }
  return merged;
}

/** The tokens a model message is likely to cost (text estimated, structured parts by their JSON). */
export function estimateMessageTokens(message: ModelMessage): number {
  return estimateTokens(typeof message.content === 'string' ? message.content : JSON.stringify(message.content));
}

/** The question a reply answers: the newest user message in the history. */
export function latestQuestion(newestFirst: readonly HistoryMessage[]): string {
  return newestFirst.find((m) => m.role === 'user')?.content.trim() ?? '';
}
