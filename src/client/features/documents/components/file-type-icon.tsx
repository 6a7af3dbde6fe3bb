import { File, FileCode, FileImage, FileSpreadsheet, FileText, Presentation } from 'lucide-react';
import { cn } from '#client/lib/class-names.ts';
import { fileKind, type FileKind } from '../logic/file-kind.ts';

const icons: Record<FileKind, typeof File> = {
  pdf: FileText,
  spreadsheet: FileSpreadsheet,
  document: FileText,
  slides: Presentation,
  image: FileImage,
  code: FileCode,
  text: FileText,
  other: File,
};

const tints: Record<FileKind, string> = {
  pdf: 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
  spreadsheet: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300',
  document: 'bg-sky-50 text-sky-700 dark:bg-sky-950/50 dark:text-sky-300',
  slides: 'bg-orange-50 text-orange-700 dark:bg-orange-950/50 dark:text-orange-300',
  image: 'bg-violet-50 text-violet-700 dark:bg-violet-950/50 dark:text-violet-300',
  code: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  text: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  other: 'bg-muted text-muted-foreground',
};

/** The file's type as a small tinted tile (PDF, spreadsheet, slides...); decorative, the name says the rest. */
export function FileTypeIcon({ name, mimeType, className }: { name: string; mimeType?: string; className?: string }) {
  const kind = fileKind(name, mimeType);
  const Icon = icons[kind];
  return (
    <span aria-hidden data-kind={kind} className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tints[kind], className)}>
      <Icon className="size-[1.125rem]" />
    </span>
  );
}
