import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { uploadLimits, type DocumentDto, type ProcessDocumentInput, type UploadUrlResponse } from '#contract/documents.ts';
import { MAX_FILE_BYTES } from '#contract/limits.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { Caller } from '#server/plugins/session.ts';
import { newObjectKey, ownerOfKey, type ObjectStorage } from '#server/storage/object-storage.ts';
import { chargeAttachment, hasAttachmentLeft } from '../account/index.ts';
import { findOwnedSession } from '../chat/index.ts';
import { toDocumentDto } from './documents-dto.ts';
import * as queries from './documents.queries.ts';

export interface DocumentsDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  model: LanguageModel;
  storage: ObjectStorage;
  jobs: JobQueue;
  sessionCache: { invalidateUser(userId: string): void };
}

export const ANALYSE_JOB = 'documents.analyse';
const KEY_PURPOSE = 'documents';

/** A signed, expiring URL for one new object of the caller's; refused at once when today's allowance is used. */
export async function createUploadUrl(deps: DocumentsDeps, caller: Caller): Promise<UploadUrlResponse> {
  if (!(await hasAttachmentLeft(deps, caller))) throw new AppError('rate_limit:attachments');
  const key = newObjectKey(KEY_PURPOSE, caller.user.id);
  const uploadURL = await deps.storage.createUploadUrl(key, uploadLimits.uploadUrlSeconds);
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
  const key = deps.storage.keyFromUploadUrl(input.objectStorageUrl);
  if (!key || ownerOfKey(key) !== caller.user.id.toLowerCase() || !key.startsWith(`${KEY_PURPOSE}/`)) throw new AppError('not_found:upload');
  if (await queries.documentWithKeyExists(deps.db, key)) throw new AppError('not_found:upload');
  const size = await deps.storage.size(key);
  if (size === null) throw new AppError('not_found:upload');
  if (size > MAX_FILE_BYTES) {
    await deps.storage.delete(key);
    throw new AppError('payload_too_large:file');
  }
  let document;
  try {
    document = await deps.db.transaction(async (tx) => {
      await chargeAttachment(tx, caller);
      const row = await queries.insertDocument(tx, {
        userId: caller.user.id,
        sessionId: session.id,
        filename: key.split('/').pop()!,
        originalName: input.originalName,
        mimeType: input.mimeType,
        size,
        storageKey: key,
        executiveRole: input.executiveRole,
        industry: input.industry ?? session.industry,
      });
      await deps.jobs.enqueue(tx, ANALYSE_JOB, { documentId: row.id });
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
  const document = await queries.findOwnedDocument(deps.db, id, caller.user.id);
  if (!document) throw new AppError('not_found:document');
  return toDocumentDto(document);
}

export async function listSessionDocuments(deps: Pick<DocumentsDeps, 'db'>, caller: Caller, sessionId: string): Promise<DocumentDto[]> {
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  return (await queries.listSessionDocuments(deps.db, sessionId, caller.user.id)).map(toDocumentDto);
}

/** The owner's file, to stream as a download. */
export async function openDownload(deps: Pick<DocumentsDeps, 'db' | 'storage'>, caller: Caller, id: string) {
  const document = await queries.findOwnedDocument(deps.db, id, caller.user.id);
  if (!document) throw new AppError('not_found:document');
  return { document, body: await deps.storage.openRead(document.storageKey) };
}

/** Deletes the row; its stored object is removed by the job the delete queues (migration 0009). */
export async function deleteDocument(deps: Pick<DocumentsDeps, 'db' | 'jobs'>, caller: Caller, id: string): Promise<void> {
  if (!(await queries.deleteOwnedDocument(deps.db, id, caller.user.id))) throw new AppError('not_found:document');
  deps.jobs.wake();
}
