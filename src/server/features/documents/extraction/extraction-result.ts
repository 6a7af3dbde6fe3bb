import { extractionText, type extractionLimits } from '#contract/documents-text.ts';

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

/**
 * A result PostgreSQL can store: its text and jsonb refuse the NUL character (U+0000), which a
 * damaged or misnamed file's text can hold past the readers' binary check (a NUL after the first
 * 8 KB, a PDF's or a slide's own text, a reader's error message quoting the file). Before this, a
 * NUL made saving the extraction fail, and then saving that failure too (its message quotes the
 * text): the document stayed 'processing'. Every result is passed through here before it is kept.
 */
export function storableResult(result: ExtractionResult): ExtractionResult {
  const clean = (text: string) => text.replaceAll('\u0000', '');
  const sections = result.sections.map((section) => ({ label: clean(section.label), text: clean(section.text) })).filter((section) => section.text.trim().length > 0);
  const notes = result.notes.map(clean).filter((note) => note.trim().length > 0);
  if (sections.length === 0) return { ...result, status: 'unreadable', sections, notes: notes.length > 0 ? notes : [extractionText.notText] };
  return { ...result, sections, notes };
}