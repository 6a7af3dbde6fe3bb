import type { extractionLimits } from '#contract/documents-text.ts';

/** What a reader found in a file: its text in labelled sections, and what it could not read. */
export interface ExtractionResult {
  status: 'complete' | 'partial' | 'unreadable';
  /** In reading order; a label says where the text is ("Page 3", "Sheet Revenue", "Slide 2"). */
  sections: Section[];
  pageCount: number | null;
  sheetCount: number | null;
  /** Plain sentences for the user: what was left out or could not be read, and why. */
  notes: string[];
}

export type Section = { label: string; text: string };

/** The contract's limits a reader works within (time is the caller's, not the reader's). */
export type ExtractionLimits = Omit<{ -readonly [K in keyof typeof extractionLimits]: number }, 'maxSeconds'>;

/** A reader's result: unreadable without text, partial when a note says something was left out. */
export function resultOf(sections: Section[], notes: string[], counts: { pageCount?: number | null; sheetCount?: number | null } = {}): ExtractionResult {
  const hasText = sections.some((section) => section.text.trim().length > 0);
  return {
    status: !hasText ? 'unreadable' : notes.length > 0 ? 'partial' : 'complete',
    sections: sections.filter((section) => section.text.trim().length > 0),
    pageCount: counts.pageCount ?? null,
    sheetCount: counts.sheetCount ?? null,
    notes,
  };
}
