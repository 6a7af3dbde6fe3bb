import { createContext } from 'react';
import type { DocumentSource } from '#contract/tools.ts';

/** A message's sources and how to open one (the `[n]` markers in its text and its Sources list share one dialog). */
export interface CitationScopeValue {
  sources: readonly DocumentSource[];
  open(source: DocumentSource): void;
}

export const CitationContext = createContext<CitationScopeValue | null>(null);
