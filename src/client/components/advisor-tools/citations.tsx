import { useContext, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { DocumentSource, ToolActivity } from '#contract/tools.ts';
import { CITE_ATTRIBUTE } from '#client/components/markdown/remark-citations.ts';
import { CitationContext, type CitationScopeValue } from './citation-context.ts';
import { SourceDialog, sourceName, sourcesOf } from './source-list.tsx';

/**
 * A message's sources for everything inside it (issue 32, point 3; decision 084): the `[n]` markers in
 * its text and its Sources list open one dialog, on the source they name. Used by a chat reply and a
 * roundtable seat alike.
 */
export function CitationScope({ tools, children }: { tools: readonly ToolActivity[]; children: ReactNode }) {
  const sources = useMemo(() => sourcesOf(tools), [tools]);
  const [open, setOpen] = useState<DocumentSource | null>(null);
  const value = useMemo<CitationScopeValue>(() => ({ sources, open: setOpen }), [sources]);
  return (
    <CitationContext.Provider value={value}>
      {children}
      {sources.length > 0 ? <SourceDialog source={open} onClose={() => setOpen(null)} /> : null}
    </CitationContext.Provider>
  );
}

/** The numbers of a message's sources: the `[n]` markers its Markdown turns into buttons (GfmMarkdown's `citations`). */
export function useCitationNumbers(): readonly number[] | undefined {
  const scope = useContext(CitationContext);
  return useMemo(() => (scope && scope.sources.length > 0 ? scope.sources.map((source) => source.n) : undefined), [scope]);
}

/**
 * The Markdown `sup` element: a citation marker (remark-citations.ts) is a small button named after its
 * source ("Source 1: q3-pl.xlsx, sheet Costs, rows 4–9") that opens it; any other `sup` stays one.
 */
export function CitationSup({ node: _node, children, ...props }: ComponentProps<'sup'> & { node?: unknown }) {
  const scope = useContext(CitationContext);
  const n = Number((props as Record<string, unknown>)[CITE_ATTRIBUTE]);
  const source = scope?.sources.find((s) => s.n === n);
  if (!scope || !source) return <sup {...props}>{children}</sup>;
  return (
    <button
      type="button"
      onClick={() => scope.open(source)}
      aria-label={sourceName(source)}
      title={`${source.file} · ${source.location}`}
      data-testid="citation-marker"
      className="mx-px inline cursor-pointer rounded-sm px-0.5 align-super text-[0.75em] font-semibold text-brand underline decoration-dotted underline-offset-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </button>
  );
}
