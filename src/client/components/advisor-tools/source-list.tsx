import { FileText } from 'lucide-react';
import { useContext, useState } from 'react';
import { CitationContext } from './citation-context.ts';
import type { DocumentSource, ToolActivity } from '#contract/tools.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

/** Every source the reply's reads returned, once each, by number. */
export function sourcesOf(tools: readonly ToolActivity[]): DocumentSource[] {
  const byNumber = new Map<number, DocumentSource>();
  for (const tool of tools) for (const source of tool.sources ?? []) if (!byNumber.has(source.n)) byNumber.set(source.n, source);
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}

/** The cells of one Markdown table line (`| a | b\| c |`). */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));

/** A table passage (a sheet's rows, a range's cells) as a table, the quoted rows highlighted. */
function TablePassage({ source }: { source: DocumentSource }) {
  const lines = source.text.split('\n').filter((line) => line.startsWith('|'));
  const quoted = new Set(source.quote.split('\n'));
  const [head, , ...body] = lines;
  return (
    <table className="w-max min-w-full border-collapse text-xs tabular-nums" data-testid="source-passage">
      <thead>
        <tr>
          {cellsOf(head ?? '').map((cell, i) => (
            <th key={i} scope="col" className="border-b px-2 py-1 text-left font-semibold">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {body.map((line, r) => {
          const highlighted = quoted.has(line);
          return (
            <tr key={r} data-quoted={highlighted || undefined} className={highlighted ? 'bg-amber-200/80 dark:bg-amber-500/30' : undefined}>
              {cellsOf(line).map((cell, c) => (
                <td key={c} className="border-b border-border/60 px-2 py-1">
                  {highlighted && cell ? <mark className="bg-transparent text-foreground">{cell}</mark> : cell}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The passage with the part the reply relies on highlighted (`quote` is a substring of `text`). */
function Passage({ source }: { source: DocumentSource }) {
  const at = source.quote ? source.text.indexOf(source.quote) : -1;
  return (
    <div className="max-h-[60dvh] overflow-auto rounded-lg border bg-muted/40 p-3" tabIndex={0} role="region" aria-label={`Passage ${source.n}`}>
      {source.text.startsWith('|') ? (
        <TablePassage source={source} />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="source-passage">
          {at < 0 ? (
            source.text
          ) : (
            <>
              {source.text.slice(0, at)}
              <mark className="rounded-sm bg-amber-200 px-0.5 text-foreground dark:bg-amber-500/40" data-testid="source-quote">
                {source.quote}
              </mark>
              {source.text.slice(at + source.quote.length)}
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** The dialog with one source's passage, the quoted text highlighted (Esc closes, focus returns to what opened it). */
export function SourceDialog({ source, onClose }: { source: DocumentSource | null; onClose: () => void }) {
  return (
    <Dialog open={source !== null} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent className="max-w-2xl">
        {source ? (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">
                [{source.n}] {source.file}
              </DialogTitle>
              <DialogDescription>{source.location[0]!.toUpperCase() + source.location.slice(1)} · the highlighted text is what the reply relies on.</DialogDescription>
            </DialogHeader>
            <Passage source={source} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The accessible name of a source's button, in the list and on a `[n]` marker in the text. */
export const sourceName = (source: DocumentSource) => `Source ${source.n}: ${source.file}, ${source.location}`;

/**
 * The numbered sources a reply cites as [1], [2] (issue 32, point 3): the file and where in it; each
 * opens the passage it came from with the quoted text highlighted. Inside a CitationScope the scope's
 * dialog opens (the one the `[n]` markers in the text open too); alone, its own.
 */
export function SourceList({ tools }: { tools: readonly ToolActivity[] }) {
  const sources = sourcesOf(tools);
  const scope = useContext(CitationContext);
  const [own, setOwn] = useState<DocumentSource | null>(null);
  if (sources.length === 0) return null;
  const open = scope ? scope.open : setOwn;
  return (
    <section className="mt-3 border-t pt-2" aria-label="Sources" data-testid="reply-sources">
      <h3 className="mb-1 text-xs font-semibold text-muted-foreground">Sources</h3>
      <ol className="space-y-1">
        {sources.map((source) => (
          <li key={source.n}>
            <button
              type="button"
              className="inline-flex max-w-full cursor-pointer items-start gap-1.5 rounded-md px-1 py-0.5 text-left text-xs text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => open(source)}
              aria-label={sourceName(source)}
            >
              <span className="font-semibold text-foreground">[{source.n}]</span>
              <FileText className="mt-0.5 size-3.5 shrink-0 text-brand" aria-hidden />
              <span className="min-w-0 break-words">
                {source.file} · {source.location}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {scope ? null : <SourceDialog source={own} onClose={() => setOwn(null)} />}
    </section>
  );
}
