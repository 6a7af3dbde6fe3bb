import { AlertTriangle, ChevronRight } from 'lucide-react';
import { lazy, useState } from 'react';
import { formatFileSize } from '#contract/documents-text.ts';
import type { DocumentDto } from '#contract/documents.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { cn } from '#client/lib/class-names.ts';
import type { RenderDocumentAction } from '#client/slots/chat.ts';
import { useSessionDocuments } from '../api/session-documents.ts';
import { FileTypeIcon } from './file-type-icon.tsx';

/** A chunk of its own, asked for when a document is pointed at or focused, mounted when first opened (decision 042). */
const loadAnalysisDialog = () => import('./document-analysis-dialog.tsx');
const DocumentAnalysisDialog = lazy(() => loadAnalysisDialog().then((m) => ({ default: m.DocumentAnalysisDialog })));
const preloadAnalysisDialog = () => void loadAnalysisDialog().catch(() => {});

function DocumentChip({ document, renderAction }: { document: DocumentDto; renderAction?: RenderDocumentAction }) {
  const [open, setOpen] = useState(false);
  const state = document.status === 'processing' ? 'Analysing…' : document.status === 'failed' ? 'Not analysed' : 'Open the analysis';
  return (
    <li className="flex max-w-full items-center justify-end gap-1.5">
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadAnalysisDialog}
        onFocus={preloadAnalysisDialog}
        aria-label={`${document.originalName}, ${formatFileSize(document.size)}: ${state}`}
        className="group/doc flex w-full max-w-72 min-w-0 cursor-pointer items-center gap-2.5 rounded-xl border bg-card px-2.5 py-2 text-left text-card-foreground shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="message-document"
        data-status={document.status}
      >
        <FileTypeIcon name={document.originalName} mimeType={document.mimeType} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{document.originalName}</span>
          <span className={cn('flex items-center gap-1 text-xs', document.status === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>
            {document.status === 'processing' ? (
              <span aria-hidden>
                <Spinner className="size-3" />
              </span>
            ) : document.status === 'failed' ? (
              <AlertTriangle className="size-3" aria-hidden />
            ) : null}
            {formatFileSize(document.size)} · {state}
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover/doc:translate-x-0.5" aria-hidden />
      </button>
      {document.status === 'ready' && renderAction ? renderAction({ id: document.id, name: document.originalName }) : null}
      <WhenOpened open={open}>
        <DocumentAnalysisDialog document={document} open={open} onOpenChange={setOpen} />
      </WhenOpened>
    </li>
  );
}

/**
 * The documents sent with a message (spec section 2): name, type, size; each opens its analysis. Beside an
 * analysed one, what another feature offers (the memory's "Pin to company", decision 087).
 */
export function MessageDocuments({ sessionId, ids, renderAction }: { sessionId: string; ids: string[]; renderAction?: RenderDocumentAction }) {
  const { data } = useSessionDocuments(ids.length > 0 ? sessionId : null);
  const documents = ids.flatMap((id) => data?.filter((document) => document.id === id) ?? []);
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Attached documents" className="flex max-w-[88%] flex-col items-end gap-1.5 sm:max-w-[80%]">
      {documents.map((document) => (
        <DocumentChip key={document.id} document={document} renderAction={renderAction} />
      ))}
    </ul>
  );
}
