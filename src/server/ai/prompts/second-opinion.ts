import { resolvePersona } from '../personas/compose.ts';

/**
 * A second opinion's conversation (issue 31, point 3; decision 068): the other executive forms its own
 * view, so the answer it is asked to second is not in its request (nor the question's first asking,
 * which the repeated question stands for). Every other earlier answer carries the role that wrote it,
 * and a note before the question says what is being asked. Pure: it works on the history the reply
 * engine would read (newest first) and answers the one to send instead.
 */

export interface OpinionMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  executiveRole: string | null;
}

export function titleOf(executiveRole: string | null): string {
  return resolvePersona(executiveRole ?? '', '').persona.title;
}

/** The note the second opinion's question carries (the engine sends a system row as a bracketed note). */
export function secondOpinionNote(input: { firstExecutiveRole: string | null; executiveRole: string }): string {
  return [
    `Second opinion: the user asked the ${titleOf(input.firstExecutiveRole)} the question below and now asks you, the ${titleOf(input.executiveRole)}, for your own independent view.`,
    `You have not seen that answer, on purpose: form your view from the question, the conversation and your own role, do not guess what the ${titleOf(input.firstExecutiveRole)} said, and say plainly where your role sees it differently.`,
  ].join(' ');
}

/**
 * The history for a second opinion, newest first: the answer being seconded and the question it
 * answered left out, and the note just before the repeated question (the newest user message). The
 * other answers are labelled with their authors where every reply's prompt is built (labelOtherAnswers).
 */
export function secondOpinionHistory<M extends OpinionMessage>(newestFirst: readonly M[], input: { firstAnswerId: string; executiveRole: string }): M[] {
  const firstIndex = newestFirst.findIndex((m) => m.id === input.firstAnswerId);
  const first = firstIndex >= 0 ? newestFirst[firstIndex] : undefined;
  // The question the first answer answered: the nearest user message older than it.
  const askedIndex = firstIndex >= 0 ? newestFirst.findIndex((m, i) => i > firstIndex && m.role === 'user') : -1;
  const kept = newestFirst.filter((_, i) => i !== firstIndex && i !== askedIndex);
  const questionAt = kept.findIndex((m) => m.role === 'user');
  if (questionAt < 0) return kept;
  const note = { ...kept[questionAt]!, id: `${input.firstAnswerId}:second-opinion`, role: 'system' as const, content: secondOpinionNote({ firstExecutiveRole: first?.executiveRole ?? null, executiveRole: input.executiveRole }) };
  // Newest first: the note sits after the question in this order, so before it in the conversation.
  return [...kept.slice(0, questionAt + 1), note, ...kept.slice(questionAt + 1)];
}
