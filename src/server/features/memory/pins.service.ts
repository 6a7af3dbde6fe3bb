import { memoryLimits, type PinnableResponse, type PinnedDocumentDto } from '#contract/memory.ts';
import { ownerOf } from '#server/db/ownership.ts';
import { AppError } from '#server/errors.ts';
import type { Caller } from '#server/plugins/session.ts';
import { lockProfile } from './memory.queries.ts';
import type { MemoryDeps } from './memory.service.ts';
import * as pins from './pins.queries.ts';

/**
 * Documents pinned to the company (issue 33, point 2; decision 082): Premium (decision 074), at most
 * `memoryLimits.pinnedDocuments` per account, only the caller's own analysed documents. Unpinning
 * stays open to a downgraded account (it keeps control of what it pinned while Premium).
 */

export function toPinDto(row: pins.PinRow): PinnedDocumentDto {
  return { documentId: row.documentId, name: row.name, sessionId: row.sessionId, sessionTitle: row.sessionTitle, pinnedAt: row.pinnedAt.toISOString() };
}

export async function listPinned(deps: Pick<MemoryDeps, 'db'>, caller: Caller): Promise<PinnedDocumentDto[]> {
  return (await pins.listPins(deps.db, ownerOf(caller))).map(toPinDto);
}

/** Pins one of the caller's analysed documents (another's answers 404); pinning it again changes nothing. Counted and inserted under the account's lock. */
export async function pinDocument(deps: Pick<MemoryDeps, 'db'>, caller: Caller, documentId: string): Promise<PinnedDocumentDto> {
  if (!caller.isPremium) throw new AppError('forbidden:memory_pins');
  await deps.db.transaction(async (tx) => {
    const document = await pins.findOwnedDocument(tx, ownerOf(caller), documentId);
    if (!document) throw new AppError('not_found:document');
    if (document.status !== 'ready' || !document.readable) throw new AppError('bad_request:pin_not_ready');
    await lockProfile(tx, ownerOf(caller));
    if ((await pins.listPins(tx, ownerOf(caller), documentId)).length > 0) return;
    if ((await pins.countPins(tx, ownerOf(caller))) >= memoryLimits.pinnedDocuments) throw new AppError('bad_request:pins_full');
    await pins.insertPin(tx, ownerOf(caller), documentId);
  });
  const [row] = await pins.listPins(deps.db, ownerOf(caller), documentId);
  if (!row) throw new AppError('not_found:document');
  return toPinDto(row);
}

export async function unpinDocument(deps: Pick<MemoryDeps, 'db'>, caller: Caller, documentId: string): Promise<{ unpinnedId: string }> {
  if (!(await pins.deletePin(deps.db, ownerOf(caller), documentId))) throw new AppError('not_found:document');
  return { unpinnedId: documentId };
}

/** What the page offers to pin: none on Free (nothing can be pinned). */
export async function listPinnable(deps: Pick<MemoryDeps, 'db'>, caller: Caller): Promise<PinnableResponse> {
  if (!caller.isPremium) return { documents: [] };
  const rows = await pins.listPinnable(deps.db, ownerOf(caller), memoryLimits.pinnable);
  return { documents: rows.map((row) => ({ documentId: row.documentId, name: row.name, sessionTitle: row.sessionTitle, createdAt: row.createdAt.toISOString() })) };
}
