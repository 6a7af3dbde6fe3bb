/**
 * What other features may use of company memory (decision 073): the prompt block every advisor,
 * roundtable seat, chair and memo reads, the chat's context provider, and the step after a reply
 * that proposes facts.
 */
import type { ContextProvider } from '#server/features/chat/index.ts';
import { accountOwner } from '#server/db/ownership.ts';
import { memoryContextFor, type MemoryDeps } from './memory.service.ts';

export { memoryBlockFor, memoryContextFor, proposeFactsAfterReply, type MemoryDeps } from './memory.service.ts';
export { memoryRoutes } from './memory.routes.ts';
export { rememberOutcome, outcomeFactText } from './outcomes.ts';

/**
 * The chat's context provider: the memory block appended to the system prompt of every reply (one
 * query). Learned facts and pinned documents only for a Premium caller (decision 074); nothing while
 * memory is paused. The same query names the pinned documents read_document may read (decision 082).
 */
export function memoryContextProvider(deps: Pick<MemoryDeps, 'db' | 'config'>): ContextProvider {
  return async ({ job, history }) => {
    const { block, pinnedDocumentIds } = await memoryContextFor(deps, { owner: accountOwner(job.userId), question: history.find((m) => m.role === 'user')?.content ?? '', includeFacts: job.premium === true });
    if (!block && pinnedDocumentIds.length === 0) return null;
    return { ...(block ? { system: block } : {}), note: 'company memory', ...(pinnedDocumentIds.length > 0 ? { pinnedDocumentIds } : {}) };
  };
}
