import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { analysisBudget, uploadLimits, type DocumentDto, type ProcessDocumentInput, type UploadUrlInput, type UploadUrlResponse } from '#contract/documents.ts';
import { MAX_FILE_BYTES } from '#contract/limits.ts';
import type { PassageVectors } from '#server/ai/tools/read-document/passage-vectors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { Caller } from '#server/plugins/session.ts';
import { newObjectKey, ownerOfKey, type ObjectStorage } from '#server/storage/object-storage.ts';
import { attachmentLimitFor, chargeAttachment, hasAttachmentLeft, storageLimitFor, storageUsed } from '../account/index.ts';
import { assertExecutiveAllowed, findOwnedSession } from '../chat/index.ts';
import { toDocumentDto } from './documents-dto.ts';
import type { AnalyseJobPayload } from './documents.jobs.ts';
import * as queries from './documents.queries.ts';
import * as uploads from './uploads.queries.ts';
import { ownerOf } from '#server/db/ownership.ts';

export interface DocumentsDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  model: LanguageModel;
  storage: ObjectStorage;
  jobs: JobQueue;
  sessionCache: { invalidateUser(userId: string): void };
  /** Vector similarity for read_document, when on: the analysis job embeds passages (decision 085). */
  vectors?: PassageVectors | null;
}

export const ANALYSE_JOB = 'documents.analyse';
export const COLLECT_UPLOAD_JOB = 'documents.collect-upload';
const KEY_PURPOSE = 'documents';

/**
 * A signed, expiring URL for one new object of the caller's, of the size they declared (decision
 * 052). The upload counts from now: its size is held against the account's storage until it is
 * attached or collected (a durable job deletes it unattached after uploadLimits.unattachedLifetimeSeconds).
 * A Free account, which attaches one file a day, holds one such upload: a new URL replaces it.
 * Refused at once when today's allowance is used or the storage is full.
 */
export async function createUploadUrl(deps: DocumentsDeps, caller: Caller, input: UploadUrlInput): Promise<UploadUrlResponse> {
  if (!(await hasAttachmentLeft(deps, caller))) throw new AppError('rate_limit:attachments');
  const owner = ownerOf(caller);
  const key = newObjectKey(KEY_PURPOSE, caller.user.id);
  const replaced = await deps.db.transaction(async (tx) => {
    await uploads.lockAccount(tx, caller.user.id);
    const released = attachmentLimitFor(caller) === null ? [] : await uploads.releasePendingUploads(tx, owner);
    if ((await uploads.countLivePendingUploads(tx, owner)) >= uploadLimits.maxPendingUploads) throw new AppError('rate_limit:uploads');
    if ((await storageUsed(tx, owner)) + input.size > storageLimitFor(caller)) throw new AppError('payload_too_large:storage');
    await uploads.insertPendingUpload(tx, owner, { storageKey: key, bytes: input.size });
    await deps.jobs.enqueue(tx, COLLECT_UPLOAD_JOB, { key }, { delayMs: uploadLimits.unattachedLifetimeSeconds * 1000 });
    return released;
  });
  // A replaced upload's file goes now; its collection job stays for a late PUT to an S3 URL.
  for (const old of replaced) await deps.storage.delete(old).catch((error: unknown) => deps.log.warn({ err: error, key: old }, 'could not delete a replaced upload'));
  const uploadURL = await deps.storage.createUploadUrl(key, uploadLimits.uploadUrlSeconds, input.size);
  return { uploadURL, expiresAt: new Date(Date.now() + uploadLimits.uploadUrlSeconds * 1000).toISOString() };
}

/**
 * Attaches an uploaded file to the caller's conversation: the key must be one the server made for
 * this caller and the object must be there; the attachment is counted (free: 1 a day, atomically)
 * and the analysis queued in the same transaction as the row.
 */
export async function processDocument(deps: DocumentsDeps, caller: Caller, input: ProcessDocumentInput & { mimeType: string }): Promise<DocumentDto> {
  const session = await findOwnedSession(deps.db, caller, input.sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  // A Free account's analysis by a Premium-only executive (issue 28, point 8): refused like a reply by one.
  assertExecutiveAllowed(caller, input.executiveRole);
  const key = deps.storage.keyFromUploadUrl(input.objectStorageUrl);
  if (!key || ownerOfKey(key) !== caller.user.id.toLowerCase() || !key.startsWith(`${KEY_PURPOSE}/`)) throw new AppError('not_found:upload');
  const pending = await uploads.findLivePendingUpload(deps.db, key);
  if (!pending || pending.userId !== caller.user.id || (await queries.documentWithKeyExists(deps.db, key))) throw new AppError('not_found:upload');
  const size = await deps.storage.size(key);
  if (size === null) throw new AppError('not_found:upload');
  if (size > Math.min(MAX_FILE_BYTES, pending.bytes)) {
    await deps.storage.delete(key);
    throw new AppError('payload_too_large:file');
  }
  let document;
  try {
    document = await deps.db.transaction(async (tx) => {
      await chargeAttachment(tx, caller);
      // Attached: the document's size now counts instead of the reservation.
      await uploads.deletePendingUpload(tx, key);
      const row = await queries.insertDocument(tx, ownerOf(caller), {
        sessionId: session.id,
        filename: key.split('/').pop()!,
        originalName: input.originalName,
        mimeType: input.mimeType,
        size,
        storageKey: key,
        executiveRole: input.executiveRole,
        industry: input.industry ?? session.industry,
      });
      const payload: AnalyseJobPayload = { documentId: row.id, callsPerDay: caller.isPremium ? analysisBudget.callsPerDay.premium : analysisBudget.callsPerDay.free };
      await deps.jobs.enqueue(tx, ANALYSE_JOB, { ...payload });
      return row;
    });
  } catch (error) {
    // Refused: the uploaded object will never be attached (unless another request attached it meanwhile).
    if (error instanceof AppError && error.code === 'rate_limit:attachments' && !(await queries.documentWithKeyExists(deps.db, key))) {
      await deps.storage.delete(key).catch(() => {});
    }
    throw error;
  }
  deps.sessionCache.invalidateUser(caller.user.id);
  deps.jobs.wake();
  return toDocumentDto(document);
}

export async function getDocument(deps: Pick<DocumentsDeps, 'db'>, caller: Caller, id: string): Promise<DocumentDto> {
  const document = await queries.findOwnedDocument(deps.db, id, ownerOf(caller));
  if (!document) throw new AppError('not_found:document');
  return toDocumentDto(document);
}

export async function listSessionDocuments(deps: Pick<DocumentsDeps, 'db'>, caller: Caller, sessionId: string): Promise<DocumentDto[]> {
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  return (await queries.listSessionDocuments(deps.db, sessionId, ownerOf(caller))).map(toDocumentDto);
}

/** The owner's file, to stream as a download. */
export async function openDownload(deps: Pick<DocumentsDeps, 'db' | 'storage'>, caller: Caller, id: string) {
  const document = await queries.findOwnedDocument(deps.db, id, ownerOf(caller));
  if (!document) throw new AppError('not_found:document');
  return { document, body: await deps.storage.openRead(document.storageKey) };
}

/** Deletes the row; its stored object is removed by the job the delete queues (migration 0009). */
export async function deleteDocument(deps: Pick<DocumentsDeps, 'db' | 'jobs'>, caller: Caller, id: string): Promise<void> {
  if (!(await queries.deleteOwnedDocument(deps.db, id, ownerOf(caller)))) throw new AppError('not_found:document');
  deps.jobs.wake();
}
