import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type ExcelJS from 'exceljs';
import type { ExtractionLimits, ExtractionResult } from './extraction-result.ts';
import type { DocumentFormat } from './formats.ts';

/**
 * The readers, one per format, each a well-kept library. Runs on the extraction worker thread
 * (extract-worker.ts), never on the server's event loop. Files here use only syntax Node can strip
 * (no enums, no parameter properties): the worker runs them without a build step. Each reader
 * imports its library when used, so a worker loads only the one it needs.
 */

type Section = { label: string; text: string };

function result(sections: Section[], notes: string[], counts: { pageCount?: number | null; sheetCount?: number | null } = {}): ExtractionResult {
  const hasText = sections.some((section) => section.text.trim().length > 0);
  return {
    status: !hasText ? 'unreadable' : notes.length > 0 ? 'partial' : 'complete',
    sections: sections.filter((section) => section.text.trim().length > 0),
    pageCount: counts.pageCount ?? null,
    sheetCount: counts.sheetCount ?? null,
    notes,
  };
}

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
  if (pdf.numPages > limits.maxPages) notes.push(`Only the first ${limits.maxPages} of ${pdf.numPages} pages were read (the page limit).`);
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
  return result(sections, notes, { pageCount: pdf.numPages });
}

async function readDocx(path: string): Promise<ExtractionResult> {
  const { default: mammoth } = await import('mammoth');
  const { value, messages } = await mammoth.extractRawText({ path });
  const notes = messages.filter((message) => message.type === 'error').map((message) => `Part of the document could not be read: ${message.message}`);
  return result([{ label: 'Document', text: value.replace(/\n{3,}/g, '\n\n').trim() }], notes);
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
  await workbook.xlsx.readFile(path);
  const sections: Section[] = [];
  const notes: string[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length >= limits.maxSheetRows) return;
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map((value) => cellText(value as ExcelJS.CellValue)));
    });
    if (sheet.actualRowCount > limits.maxSheetRows) notes.push(`Sheet "${sheet.name}": only the first ${limits.maxSheetRows} of ${sheet.actualRowCount} rows were read (the row limit).`);
    sections.push({ label: `Sheet "${sheet.name}"`, text: markdownTable(rows) });
  });
  return result(sections, notes, { sheetCount: workbook.worksheets.length });
}

async function readCsv(path: string, limits: ExtractionLimits): Promise<ExtractionResult> {
  const { parse: parseCsv } = await import('csv-parse/sync');
  const source = await readFile(path, 'utf8');
  const delimiter = source.split('\n', 1)[0]!.includes('\t') ? '\t' : ',';
  const rows = parseCsv(source, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }) as string[][];
  const notes = rows.length > limits.maxSheetRows ? [`Only the first ${limits.maxSheetRows} of ${rows.length} rows were read (the row limit).`] : [];
  return result([{ label: 'Table', text: markdownTable(rows.slice(0, limits.maxSheetRows)) }], notes, { sheetCount: 1 });
}

async function readPptx(path: string): Promise<ExtractionResult> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(await readFile(path));
  const slideNames = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/(\d+)\.xml$/)![1]) - Number(b.match(/(\d+)\.xml$/)![1]));
  const sections: Section[] = [];
  for (const [index, name] of slideNames.entries()) {
    const xml = await zip.file(name)!.async('string');
    const paragraphs = xml.split(/<\/a:p>/).map((paragraph) =>
      [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => decodeXml(match[1]!)).join(''),
    );
    sections.push({ label: `Slide ${index + 1}`, text: paragraphs.filter((p) => p.trim()).join('\n') });
  }
  return result(sections, [], { pageCount: slideNames.length });
}

function decodeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

async function readText(path: string, label: string): Promise<ExtractionResult> {
  const buffer = await readFile(path);
  if (buffer.subarray(0, 8192).includes(0)) return result([], ['The file is not text, and its type is not one that can be read.']);
  return result([{ label, text: buffer.toString('utf8') }], []);
}

async function readJson(path: string): Promise<ExtractionResult> {
  const source = await readFile(path, 'utf8');
  try {
    return result([{ label: 'JSON', text: JSON.stringify(JSON.parse(source), null, 2) }], []);
  } catch {
    return result([{ label: 'JSON', text: source }], ['The JSON is not valid; it was read as plain text.']);
  }
}

async function readHtml(path: string): Promise<ExtractionResult> {
  const { convert: htmlToText } = await import('html-to-text');
  const source = await readFile(path, 'utf8');
  return result([{ label: 'Page', text: htmlToText(source, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] }) }], []);
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
    notes: [...extraction.notes, `Only the first ${limits.maxChars.toLocaleString('en-US')} of ${full.toLocaleString('en-US')} characters were read (the text limit).`],
  };
}

/** Below this mean word confidence (0-100), the OCR'd text is said to be unreliable. */
const OCR_CONFIDENT = 70;

/**
 * Text in an image, by OCR (tesseract.js, WebAssembly) on this worker thread's own tesseract
 * thread, entirely offline: the English model comes from the @tesseract.js-data/eng package
 * (LSTM, integer "best" model), read from disk, never downloaded, and nothing is cached elsewhere.
 */
async function readImage(path: string) {
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  try {
    const { data } = await worker.recognize(path);
    const text = data.text.replace(/[ \t]+\n/g, '\n').trim();
    if (!text) return result([], ['The file is an image, and OCR found no text in it, so its content could not be analysed.']);
    const notes = data.confidence < OCR_CONFIDENT ? [`The text was read from an image by OCR with low confidence (${Math.round(data.confidence)}%); some words may be wrong.`] : [];
    return result([{ label: 'Image text (OCR)', text }], notes);
  } catch (error) {
    return result([], [`The image could not be read by OCR: ${error instanceof Error ? error.message : String(error)}`]);
  } finally {
    await worker.terminate();
  }
}

export async function readDocument(path: string, format: DocumentFormat, limits: ExtractionLimits): Promise<ExtractionResult> {
  const extraction = await (async () => {
    switch (format) {
      case 'pdf':
        return readPdf(path, limits);
      case 'docx':
        return readDocx(path);
      case 'xlsx':
        return readXlsx(path, limits);
      case 'csv':
        return readCsv(path, limits);
      case 'pptx':
        return readPptx(path);
      case 'html':
        return readHtml(path);
      case 'json':
        return readJson(path);
      case 'markdown':
        return readText(path, 'Document');
      case 'text':
        return readText(path, 'Text');
      case 'image':
        return readImage(path);
      default:
        return readText(path, 'Text');
    }
  })();
  return applyCharLimit(extraction, limits);
}
