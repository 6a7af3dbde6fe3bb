/** What a reader found in a file: its text in labelled sections, and what it could not read. */
export interface ExtractionResult {
  status: 'complete' | 'partial' | 'unreadable';
  /** In reading order; a label says where the text is ("Page 3", "Sheet Revenue", "Slide 2"). */
  sections: { label: string; text: string }[];
  pageCount: number | null;
  sheetCount: number | null;
  /** Plain sentences for the user: what was left out or could not be read, and why. */
  notes: string[];
}

export interface ExtractionLimits {
  maxPages: number;
  maxChars: number;
  maxSheetRows: number;
}
