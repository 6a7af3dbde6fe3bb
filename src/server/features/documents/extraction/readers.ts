import { open, readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { extractionText } from '#contract/documents-text.ts';
import { resultOf, type ExtractionLimits, type ExtractionResult, type Section } from './extraction-result.ts';
import type { DocumentFormat } from './formats.ts';
import { readImage } from './image-reader.ts';
import { ReadRefused } from './read-refused.ts';
import { isTextPart, readZipParts, rezip } from './zip-container.ts';

/**
 * The readers, one per format, each a well-kept library. Runs on the extraction worker thread
 * (extract-worker.ts), never on the server's event loop. Files here use only syntax Node can strip
 * (no enums, no parameter properties): the worker runs them without a build step. Each reader
 * imports its library when used, so a worker loads only the one it needs. Each is bounded before
 * it allocates (decision 052): zip containers by their parts (zip-container.ts), images by their
 * pixels (image-reader.ts), text files by the bytes read, PDFs by their pages.
 */

/** The start of a file, at most maxBytes (a 100 MB text file is never read whole), and whether it was cut. */
async function readStart(path: string, maxBytes: number): Promise<{ bytes: Buffer; cut: boolean }> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, (await file.stat()).size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const cut = bytesRead > maxBytes;
    return { bytes: buffer.subarray(0, Math.min(bytesRead, maxBytes)), cut };
  } finally {
    await file.close();
  }
}

/** Whether the start of a file holds a NUL byte: a binary file, whatever its name or type says. */
const looksBinary = (bytes: Buffer) => bytes.subarray(0, 8192).includes(0);

/**
 * Text from the start of a file read as `format`; a multi-byte character cut at the end is dropped.
 * A binary file (a PPTX sent as text/csv) is refused: its bytes are not the format's text.
 */
async function readTextStart(path: string, format: DocumentFormat, limits: ExtractionLimits): Promise<{ text: string; notes: string[] }> {
  const { bytes, cut } = await readStart(path, limits.maxTextBytes);
  if (looksBinary(bytes)) throw new ReadRefused(extractionText.notReadableAs(format));
  const text = new TextDecoder('utf-8').decode(bytes, { stream: cut });
  return { text, notes: cut ? [extractionText.textBytesLimit(limits.maxTextBytes)] : [] };
}

const zipBounds = (limits: ExtractionLimits) => ({ maxEntries: limits.maxZipEntries, maxBytes: limits.maxUnzippedBytes });

/** A table as Markdown, so a model (and a reader) sees rows and columns. */
function markdownTable(rows: string[][]): string {
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return '';
  const clean = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const padded = rows.map((row) => Array.from({ length: width }, (_, i) => clean(row[i] ?? '')));
  const [head, ...body] = padded;
  return [`| ${head!.join(' | ')} |`, `| ${head!.map(() => '---').join(' | ')} |`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

async function readPdf(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(path));
  const loading = pdfjs.getDocument({ data, useSystemFonts: false, verbosity: 0 });
  const pdf = await loading.promise;
  const notes: string[] = [];
  const sections: Section[] = [];
  const pages = Math.min(pdf.numPages, limits.maxPages);
  if (pdf.numPages > limits.maxPages) notes.push(extractionText.pageLimit(limits.maxPages, pdf.numPages));
  let blankPages = 0;
  for (let number = 1; number <= pages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    text = text.replace(/[ \t]+\n/g, '\n').replace(/ {2,}/g, ' ').trim();
    if (!text) blankPages++;
    sections.push({ label: `Page ${number}`, text });
    page.cleanup();
  }
  await loading.destroy();
  if (blankPages > 0) notes.push(`${blankPages} of ${pages} pages have no text layer (scanned images); their content was not read.`);
  return resultOf(sections, notes, { pageCount: pdf.numPages });
}

async function readDocx(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const parts = await readZipParts(path, isTextPart, zipBounds(limits));
  const { default: mammoth } = await import('mammoth');
  const { value, messages } = await mammoth.extractRawText({ buffer: await rezip(parts) });
  const notes = messages.filter((message) => message.type === 'error').map((message) => `Part of the document could not be read: ${message.message}`);
  return resultOf([{ label: 'Document', text: value.replace(/\n{3,}/g, '\n\n').trim() }], notes);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  // Large whole numbers read as people write them (4,870,000); years and small counts stay as they are.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 10_000) return value.toLocaleString('en-US');
  return String(value);
}

async function readXlsx(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const parts = await readZipParts(path, isTextPart, zipBounds(limits));
  // exceljs's own types want an older Buffer; the bytes are the same.
  await workbook.xlsx.load((await rezip(parts)) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sections: Section[] = [];
  const notes: string[] = [];
  workbook.eachSheet((sheet) => {
    // Every row from row 1, blank ones too (as empty cells), so the table's line n is the sheet's row n:
    // read_document reads exact cells by their address (decision 076).
    const rows: string[][] = [];
    let cut = false;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (row.number > limits.maxSheetRows) {
        cut = true;
        return;
      }
      while (rows.length < row.number - 1) rows.push([]);
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(Array.from(values, (value) => cellText(value as ExcelJS.CellValue)));
    });
    if (cut) notes.push(`Sheet "${sheet.name}": ${extractionText.rowLimit(limits.maxSheetRows, sheet.rowCount)}`);
    sections.push({ label: `Sheet "${sheet.name}"`, text: markdownTable(rows) });
  });
  return resultOf(sections, notes, { sheetCount: workbook.worksheets.length });
}

async function readCsv(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { parse: parseCsv } = await import('csv-parse/sync');
  const { text: source, notes } = await readTextStart(path, 'csv', limits);
  const delimiter = source.split('\n', 1)[0]!.includes('\t') ? '\t' : ',';
  // A file cut at the byte limit ends mid-row: that row is left out rather than read half.
  const whole = notes.length > 0 ? source.slice(0, source.lastIndexOf('\n') + 1) : source;
  const rows = parseCsv(whole, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }) as string[][];
  if (rows.length > limits.maxSheetRows) notes.push(extractionText.rowLimit(limits.maxSheetRows, rows.length));
  return resultOf([{ label: 'Table', text: markdownTable(rows.slice(0, limits.maxSheetRows)) }], notes, { sheetCount: 1 });
}

async function readPptx(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const slideNumber = (name: string) => Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? NaN);
  const slides = await readZipParts(path, (name) => Number.isFinite(slideNumber(name)), zipBounds(limits));
  const slideNames = [...slides.keys()].sort((a, b) => slideNumber(a) - slideNumber(b));
  const sections: Section[] = [];
  for (const [index, name] of slideNames.entries()) {
    const xml = slides.get(name)!.toString('utf8');
    const paragraphs = xml.split(/<\/a:p>/).map((paragraph) =>
      [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => decodeXml(match[1]!)).join(''),
    );
    sections.push({ label: `Slide ${index + 1}`, text: paragraphs.filter((p) => p.trim()).join('\n') });
  }
  return resultOf(sections, [], { pageCount: slideNames.length });
}

function decodeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

async function readText(path: string, label: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { bytes, cut } = await readStart(path, limits.maxTextBytes);
  if (looksBinary(bytes)) return resultOf([], [extractionText.notText]);
  return resultOf([{ label, text: new TextDecoder('utf-8').decode(bytes, { stream: cut }) }], cut ? [extractionText.textBytesLimit(limits.maxTextBytes)] : []);
}

async function readJson(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { text: source, notes } = await readTextStart(path, 'json', limits);
  if (notes.length > 0) return resultOf([{ label: 'JSON', text: source }], notes);
  try {
    return resultOf([{ label: 'JSON', text: JSON.stringify(JSON.parse(source), null, 2) }], []);
  } catch {
    return resultOf([{ label: 'JSON', text: source }], ['The JSON is not valid; it was read as plain text.']);
  }
}

async function readHtml(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { convert: htmlToText } = await import('html-to-text');
  const { text: source, notes } = await readTextStart(path, 'html', limits);
  return resultOf([{ label: 'Page', text: htmlToText(source, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] }) }], notes);
}

/** Cuts the text at maxChars (saying so): a limit stated, never silent truncation. */
function applyCharLimit(extraction: ExtractionResult, limits: ExtractionLimits): ExtractionResult {
  let total = 0;
  const sections: Section[] = [];
  for (const section of extraction.sections) {
    if (total >= limits.maxChars) break;
    const text = section.text.slice(0, limits.maxChars - total);
    total += text.length;
    sections.push({ ...section, text });
  }
  const full = extraction.sections.reduce((sum, section) => sum + section.text.length, 0);
  if (full <= limits.maxChars) return extraction;
  return {
    ...extraction,
    status: 'partial',
    sections,
    notes: [...extraction.notes, extractionText.charLimit(limits.maxChars, full)],
  };
}

export async function readDocument(path: string, format: DocumentFormat, limits: ExtractionLimits): Promise<ExtractionResult> {
  const read = (): Promise<ExtractionResult> => {
    switch (format) {
      case 'pdf':
        return readPdf(path, limits);
      case 'docx':
        return readDocx(path, limits);
      case 'xlsx':
        return readXlsx(path, limits);
      case 'csv':
        return readCsv(path, limits);
      case 'pptx':
        return readPptx(path, limits);
      case 'html':
        return readHtml(path, limits);
      case 'json':
        return readJson(path, limits);
      case 'markdown':
        return readText(path, 'Document', limits);
      case 'image':
        return readImage(path, limits);
      default:
        return readText(path, 'Text', limits);
    }
  };
  try {
    return applyCharLimit(await read(), limits);
  } catch (error) {
    if (error instanceof ReadRefused) return resultOf([], [error.message]);
    throw error;
  }
}
