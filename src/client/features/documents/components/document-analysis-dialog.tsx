import { AlertTriangle, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatFileSize, uploadText } from '#contract/documents-text.ts';
import type { DocumentDto } from '#contract/documents.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { fileKind, fileKindLabel } from '../logic/file-kind.ts';
import { FileTypeIcon } from './file-type-icon.tsx';

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="grid gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <ul className="grid list-disc gap-1 pl-5 text-sm leading-relaxed marker:text-brand">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export function documentFacts(document: DocumentDto): string {
  const facts = [fileKindLabel[fileKind(document.originalName, document.mimeType)], formatFileSize(document.size)];
  if (document.pageCount) facts.push(`${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}`);
  if (document.sheetCount) facts.push(`${document.sheetCount} ${document.sheetCount === 1 ? 'sheet' : 'sheets'}`);
  return facts.join(' · ');
}

/** One document's analysis (executive summary, key points, risks, questions, what could not be read) and its download. */
export function DocumentAnalysisDialog({ document, open, onOpenChange }: { document: DocumentDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { analysis } = document;
  let body: ReactNode;
  if (document.status === 'processing') {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <span aria-hidden>
          <Spinner />
        </span>
        {uploadText.stillAnalysing}
      </p>
    );
  } else if (!analysis) {
    body = (
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {document.error ?? 'The analysis could not be written.'}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-5">
        <section className="grid gap-1.5">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Executive summary</h3>
          <p className="rounded-lg border-l-2 border-brand bg-muted/50 px-3 py-2 text-sm leading-relaxed">{analysis.executiveSummary}</p>
          <p className="text-xs text-muted-foreground">
            By your {analysis.executiveRole}, {analysis.industry}
          </p>
        </section>
        <Section title="Key points" items={analysis.keyPoints} />
        <Section title="Risks" items={analysis.risks} />
        <Section title="Questions for you" items={analysis.questions} />
        <Section title="What could not be read" items={[...new Set([...analysis.limitations, ...document.extractionNotes])]} />
      </div>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader className="flex-row items-center gap-3">
          <FileTypeIcon name={document.originalName} mimeType={document.mimeType} />
          <div className="min-w-0">
            <DialogTitle className="truncate text-base">{document.originalName}</DialogTitle>
            <DialogDescription className="text-xs">{documentFacts(document)}</DialogDescription>
          </div>
        </DialogHeader>
        {body}
        <div className="flex justify-end">
          <Button variant="outline" size="sm" asChild>
            <a href={document.downloadUrl} download={document.originalName}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
