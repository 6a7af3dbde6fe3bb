import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF, as pdf.js reads it (lines joined by newlines), plus its metadata. */
export async function readPdf(data: Uint8Array): Promise<{ pages: string[]; text: string; title: string | undefined; pageCount: number }> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const metadata = await document.getMetadata();
    const info = metadata.info as { Title?: string };
    return { pages, text: pages.join('\n'), title: info.Title, pageCount: document.numPages };
  } finally {
    await document.loadingTask.destroy();
  }
}

/** Asserts that each string occurs in `text`, in the given order; returns the first one that does not. */
export function firstOutOfOrder(text: string, expected: string[]): string | null {
  const flat = text.replace(/\s+/g, ' ');
  let from = 0;
  for (const item of expected) {
    const at = flat.indexOf(item.replace(/\s+/g, ' '), from);
    if (at < 0) return item;
    from = at + item.length;
  }
  return null;
}
