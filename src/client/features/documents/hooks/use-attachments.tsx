import { useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useMemo, useRef, useState } from 'react';
import { uploadLimits, uploadText } from '#contract/documents-text.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { notify } from '#client/lib/notify.ts';
import { getDocument } from '../api/get-document.ts';
import { getUploadUrl } from '../api/get-upload-url.ts';
import { processDocument } from '../api/process-document.ts';
import { putFile } from '../api/put-file.ts';
import { putSessionDocument } from '../api/session-documents.ts';
import { AttachButton, type AttachState } from '../components/attach-button.tsx';
import { MessageDocuments } from '../components/message-documents.tsx';
import { StagedDocuments } from '../components/staged-documents.tsx';
import { isUpgradeRefusal, uploadDocument, type UploadCalls, type UploadPhase } from '../logic/upload-document.ts';
import { abortableSleep, UploadError, uploadTimeoutMs, type ConnectionHint } from '../logic/upload-policy.ts';
import type { ChatAttachments, ChatAttachmentsOptions } from '#client/slots/chat.ts';

export type AttachmentsOptions = ChatAttachmentsOptions;
export type Attachments = ChatAttachments;

/** A chunk of its own, asked for when the paperclip is pointed at or focused, mounted when first opened: the chat screen's first load does without it (decision 042). */
const loadUploadDialog = () => import('../components/upload-dialog.tsx');
const UploadDialog = lazy(() => loadUploadDialog().then((m) => ({ default: m.UploadDialog })));
const preloadUploadDialog = () => void loadUploadDialog().catch(() => {});

const realCalls: UploadCalls = { getUploadUrl, putFile, processDocument, getDocument, sleep: abortableSleep, now: () => Date.now() };

/** Spec section 9: mobile is narrower than 768 px; the connection's speed comes from the Network Information API where there is one. */
function deviceTimeoutMs(): number {
  const isMobile = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
  const connection = (navigator as Navigator & { connection?: ConnectionHint }).connection;
  return uploadTimeoutMs(isMobile, connection);
}

/**
 * Document attachments on the chat screen (spec sections 2, 4, 5, 8, 9): the attach button and
 * upload dialog, one staged file, and when the message is sent its upload (progress, up to 3
 * attempts, cancel), processing and the wait for its analysis; then the ids go with the message.
 */
export function useAttachments({ usage, onUpgrade, executiveRole, industry, renderDocumentAction }: AttachmentsOptions, calls: UploadCalls = realCalls): Attachments {
  const queryClient = useQueryClient();
  const [staged, setStaged] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [progress, setProgress] = useState(0);
  const [retryNote, setRetryNote] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const limited = !!usage && !usage.isPremium && usage.attachmentsLimit >= 0;
  const noAllowance = limited && usage.attachmentsUsed >= usage.attachmentsLimit;
  const attachState: AttachState = phase ? 'uploading' : staged ? 'staged' : noAllowance ? 'no-allowance' : 'ready';
  const upgradeReason = errorCatalog['rate_limit:attachments'].message;

  const onFile = useCallback((file: File) => {
    if (file.size > uploadLimits.maxBytes) {
      notify({ ...uploadText.tooLarge, variant: 'destructive' });
      return;
    }
    setStaged(file);
    setDialogOpen(false);
  }, []);

  const upload = useCallback(
    async (targetSessionId: string): Promise<string[] | null> => {
      const file = staged;
      if (!file) return [];
      const controller = new AbortController();
      abort.current = controller;
      setProgress(0);
      setRetryNote(null);
      try {
        const document = await uploadDocument(calls, {
          file,
          sessionId: targetSessionId,
          executiveRole,
          industry,
          timeoutMs: deviceTimeoutMs(),
          signal: controller.signal,
          onPhase: (next) => {
            setPhase(next);
            setRetryNote(null);
          },
          onProgress: (fraction) => setProgress(Math.floor(fraction * 100) / 100),
          onRetry: (attempt, of) => setRetryNote(uploadText.retrying(attempt, of)),
        });
        putSessionDocument(queryClient, document);
        if (document.status === 'processing') notify({ title: uploadText.analysing, description: uploadText.stillAnalysing });
        setStaged(null);
        return [document.id];
      } catch (error) {
        if (isUpgradeRefusal(error)) onUpgrade(error.message);
        else notify({ title: uploadText.failedTitle, description: error instanceof UploadError ? error.message : uploadText.processFailed, variant: 'destructive' });
        return null;
      } finally {
        abort.current = null;
        setPhase(null);
        setRetryNote(null);
      }
    },
    [calls, executiveRole, industry, onUpgrade, queryClient, staged],
  );

  const allowance = limited ? { used: usage.attachmentsUsed, limit: usage.attachmentsLimit } : null;
  const button = <AttachButton state={attachState} onAttach={() => setDialogOpen(true)} onUpgrade={() => onUpgrade(upgradeReason)} onPrepare={preloadUploadDialog} />;
  const panel = (
    <>
      {staged ? (
        <StagedDocuments
          file={staged}
          phase={phase}
          progress={progress}
          retryNote={retryNote}
          onRemove={() => setStaged(null)}
          onCancel={() => abort.current?.abort()}
        />
      ) : null}
      <WhenOpened open={dialogOpen}>
        <UploadDialog open={dialogOpen} onOpenChange={setDialogOpen} advisor={executiveRole} allowance={allowance} onFile={onFile} />
      </WhenOpened>
    </>
  );
  const renderMessageDocuments = useMemo(
    () =>
      function render(message: { sessionId: string; documentIds: string[] }) {
        return message.documentIds.length > 0 ? <MessageDocuments sessionId={message.sessionId} ids={message.documentIds} renderAction={renderDocumentAction} /> : null;
      },
    [renderDocumentAction],
  );
  return { button, panel, uploading: phase !== null, staged: staged !== null, upload, renderMessageDocuments };
}
