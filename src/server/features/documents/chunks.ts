/** Passages of about this many characters: enough context for a sentence's meaning, small enough to pick several. */
export const CHUNK_CHARS = 1500;

/**
 * Splits a document's sections into passages for full-text search, each labelled with where it
 * is ("Page 3", "Sheet "Costs" (part 2)"); prose is cut at paragraph or sentence ends, tables at rows
 * (with the table's header repeated so each passage reads alone).
 */
export function chunkSections(sections: readonly { label: string; text: string }[], size = CHUNK_CHARS): { label: string; content: string }[] {
  const chunks: { label: string; content: string }[] = [];
  for (const section of sections) {
    const isTable = section.text.startsWith('| ');
    const lines = section.text.split('\n');
    const header = isTable ? lines.slice(0, 2).join('\n') + '\n' : '';
    const units = isTable ? lines.slice(2) : section.text.split(/(?<=\n\n)|(?<=[.!?])\s+/);
    const parts: string[] = [];
    let current = '';
    for (const unit of units) {
      if (current && current.length + unit.length > size) {
        parts.push(current);
        current = '';
      }
      current += isTable ? `${unit}\n` : current && !current.endsWith('\n') ? ` ${unit}` : unit;
      while (current.length > size * 2) {
        parts.push(current.slice(0, size));
        current = current.slice(size);
      }
    }
    if (current.trim()) parts.push(current);
    // A table's parts are named by their rows (the header is row 1), so a citation says where they are.
    let row = 2;
    parts.forEach((part, i) => {
      const rows = isTable ? part.split('\n').filter((line) => line.startsWith('|')).length : 0;
      const label = parts.length === 1 ? section.label : isTable ? `${section.label} (rows ${row}–${row + rows - 1})` : `${section.label} (part ${i + 1})`;
      row += rows;
      chunks.push({ label, content: (header + part).trim() });
    });
  }
  return chunks;
}

/** The document's whole text as a reader sees it: each section under its label. */
export function joinSections(sections: readonly { label: string; text: string }[]): string {
  return sections.map((section) => `## ${section.label}\n\n${section.text.trim()}`).join('\n\n');
}
