import { X } from 'lucide-react';
import { formatFileSize, uploadText } from '#contract/documents-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { UploadPhase } from '../logic/upload-document.ts';
import { FileTypeIcon } from './file-type-icon.tsx';

export interface StagedFile {
  name: string;
  size: number;
  type: string;
}

interface Props {
  file: StagedFile;
  /** null: staged, waiting for the message to be sent. */
  phase: UploadPhase | null;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** 'Retrying upload (attempt 2 of 3)...' while a new attempt waits. */
  retryNote: string | null;
  onRemove: () => void;
  onCancel: () => void;
}

function statusLine(phase: UploadPhase | null, percent: number): string {
  if (phase === 'uploading') return uploadText.uploading(percent);
  if (phase === 'processing') return uploadText.processing;
  if (phase === 'analysing') return uploadText.analysing;
  return uploadText.staged;
}

/** The staged documents list above the input (spec section 2): the file, then its upload's progress, with remove or cancel. */
export function StagedDocuments({ file, phase, progress, retryNote, onRemove, onCancel }: Props) {
  const percent = Math.round(progress * 100);
  return (
    <ul aria-label="Staged documents" className="grid gap-2">
      <li className="flex items-center gap-3 rounded-xl border bg-card px-3 py-2 shadow-xs" data-testid="staged-document">
        <FileTypeIcon name={file.name} mimeType={file.type} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <p className="truncate text-sm font-medium" title={file.name}>
              {file.name}
            </p>
            <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status" aria-live="polite">
            {phase === 'processing' || phase === 'analysing' ? <span aria-hidden><Spinner className="size-3" /></span> : null}
            {retryNote ?? statusLine(phase, percent)}
          </p>
          {phase === 'uploading' ? (
            <div
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label={`Uploading ${file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="h-full rounded-full bg-brand transition-[width] duration-200" style={{ width: `${percent}%` }} />
            </div>
          ) : null}
        </div>
        {phase === null ? (
          <Button type="button" variant="ghost" size="icon" className="size-8 rounded-full" aria-label={`Remove ${file.name}`} title="Remove" onClick={onRemove}>
            <X aria-hidden />
          </Button>
        ) : phase === 'uploading' ? (
          <Button type="button" variant="outline" size="sm" className="rounded-full" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </li>
    </ul>
  );
}
