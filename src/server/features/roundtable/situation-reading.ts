import type { TurnIdentity } from '#server/ai/tools/index.ts';
import { resolveUserRole } from '#server/ai/personas/compose.ts';
import { accountOwner } from '#server/db/ownership.ts';
import type { Roundtable } from '#server/db/schema.ts';
import { findNote } from '#server/features/chat/index.ts';
import { memoryContextFor } from '#server/features/memory/index.ts';
import { conversationBefore, documentsOfConversation, passagesFor } from './roundtable.queries.ts';
import type { SeatTurnDeps } from './seat-turn.ts';
import { composeSituation, situationBudgetTokens, type SituationDocument } from './situation.ts';

/** How much of the conversation and its documents the situation reads before it is cut to the budget. */
const SITUATION_MESSAGES = 40;
const SITUATION_DOCUMENTS = 5;
const SITUATION_PASSAGES = 6;

/**
 * What every seat is told of the user's situation (issue 31, point 4; decision 068): the
 * conversation's note, a digest of the conversation before the table and the passages of its
 * documents that bear on the question, fenced and bounded by the table's budget; with the company's
 * memory (decision 073) read at the same time. Read once per run; a follow-up's earlier table comes
 * separately (the runner's earlierTable).
 */
export async function readSituation(deps: SeatTurnDeps, table: Roundtable, seats: number): Promise<{ text: string; identity: TurnIdentity }> {
  // The profile and the facts that bear on the question, fenced (roundtables are Premium, so facts
  // too), and the documents pinned to the company, which the seats may read (decision 082).
  const [situation, memory] = await Promise.all([conversationSituation(deps, table, seats), memoryContextFor(deps, { owner: accountOwner(table.userId), question: table.question, includeFacts: true })]);
  // The seats' tools act for the table's owner in its conversation (roundtables are Premium); read_document when that has documents or pins.
  const identity: TurnIdentity = { owner: accountOwner(table.userId), sessionId: table.sessionId, hasDocuments: situation.hasDocuments, pinnedDocumentIds: memory.pinnedDocumentIds, premium: true };
  return { text: memory.block ? `${memory.block}\n\n${situation.text}` : situation.text, identity };
}

/** The conversation so far (its note first) and the relevant passages of its documents, within the table's budget. */
async function conversationSituation(deps: SeatTurnDeps, table: Roundtable, seats: number): Promise<{ text: string; hasDocuments: boolean }> {
  const { db } = deps;
  const owner = accountOwner(table.userId);
  // The conversation's note (decision 083) holds the facts of turns older than the digest reads.
  const [conversation, note] = await Promise.all([
    conversationBefore(db, { sessionId: table.sessionId, owner, before: table.createdAt, limit: SITUATION_MESSAGES }),
    findNote(db, table.sessionId, owner),
  ]);
  const ids = [...new Set(conversation.filter((m) => m.role === 'user').flatMap((m) => m.documentIds))].slice(0, SITUATION_DOCUMENTS);
  const found = await documentsOfConversation(db, { owner, sessionId: table.sessionId, ids });
  const budgetTokens = situationBudgetTokens({ tokenBudget: table.tokenBudget, seats, maxRounds: table.maxRounds });
  const documents: SituationDocument[] = [];
  for (const document of ids.flatMap((id) => found.filter((d) => d.id === id))) {
    if (document.content.length <= budgetTokens * 2) {
      documents.push({ name: document.originalName, read: 'whole', text: document.content });
      continue;
    }
    const passages = (await passagesFor(db, owner, document.id, table.question, SITUATION_PASSAGES)).sort((a, b) => a.ordinal - b.ordinal);
    documents.push({ name: document.originalName, read: `parts: ${passages.map((p) => p.label).join(', ') || 'none'}`, text: passages.map((p) => `### ${p.label}\n${p.content}`).join('\n\n') });
  }
  const text = composeSituation({ userRole: resolveUserRole(table.userRole).label, note: note?.content, conversation, documents, budgetTokens }).text;
  return { text, hasDocuments: ids.length > 0 };
}
