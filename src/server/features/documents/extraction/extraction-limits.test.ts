import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractionLimits, extractionText } from '#contract/documents-text.ts';
import { fixturePath } from '#tests/helpers/documents-api.ts';
import { docxBomb, pdfOfPages, pngHeader, pptxOfManyParts } from '#tests/fixtures/documents/bombs.ts';
import { extractText } from './extract.ts';

/** Issue 28, point 2: every reader is bounded before it allocates, and says which limit stopped it. */
const dir = mkdtempSync(path.join(tmpdir(), 'extraction-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const target = path.join(dir, name);
  writeFileSync(target, bytes);
  return target;
}

const GB = 1024 * 1024 * 1024;

describe('extraction memory bounds', () => {
  it('refuses a DOCX that inflates to 1 GB from its central directory, before inflating', async () => {
    const bomb = docxBomb(GB);
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const result = await extractText(file('bomb.docx', bomb), { mimeType: '', name: 'bomb.docx' });
    expect(result).toEqual({ status: 'unreadable', sections: [], pageCount: null, sheetCount: null, notes: [extractionText.tooLargeUnzipped(GB, extractionLimits.maxUnzippedBytes)] });
  });

  it('stops a DOCX whose headers lie about its size while inflating it', async () => {
    const result = await extractText(file('liar.docx', docxBomb(GB, 1000)), { mimeType: '', name: 'liar.docx' });
    expect(result).toMatchObject({ status: 'unreadable', notes: [extractionText.sizesLie] });
    // Headers that lie within the limit are still stopped at it while inflating.
    const within = await extractText(file('liar-within.docx', docxBomb(GB, extractionLimits.maxUnzippedBytes - 10_000)), { mimeType: '', name: 'liar-within.docx' });
    expect(within.notes).toEqual([extractionText.sizesLie]);
  });

  it('refuses a container of too many parts', async () => {
    const result = await extractText(file('parts.pptx', pptxOfManyParts(extractionLimits.maxZipEntries + 1)), { mimeType: '', name: 'parts.pptx' });
    expect(result.notes).toEqual([extractionText.tooManyEntries(extractionLimits.maxZipEntries + 1, extractionLimits.maxZipEntries)]);
  });

  it('refuses a 30,000 x 30,000 PNG from its header, never decoding it', async () => {
    const result = await extractText(file('huge.png', pngHeader(30_000, 30_000)), { mimeType: 'image/png', name: 'huge.png' });
    expect(result).toMatchObject({ status: 'unreadable', notes: [extractionText.tooManyPixels(30_000, 30_000, extractionLimits.maxImagePixels)] });
  });

  it('scales an image above the OCR area down before OCR, and says so', async () => {
    const result = await extractText(fixturePath('scan.png'), { mimeType: 'image/png', name: 'scan.png' }, { limits: { maxOcrPixels: 200_000 } });
    expect(result.notes[0]).toBe(extractionText.ocrScaledDown(200_000));
    expect(result.sections[0]!.text.replace(/\s+/g, ' ')).toContain('Cash runway');
  });

  it('reads only the first pages of a 20,000-page PDF, and says so', async () => {
    // Five pages rather than the 500 of the contract: each page read costs time, not memory.
    const result = await extractText(file('long.pdf', pdfOfPages(20_000)), { mimeType: 'application/pdf', name: 'long.pdf' }, { limits: { maxPages: 5 } });
    expect(result.status).toBe('partial');
    expect(result.pageCount).toBe(20_000);
    expect(result.sections.map((section) => section.text)).toEqual(Array(5).fill('Quarterly figures page'));
    expect(result.notes).toEqual([extractionText.pageLimit(5, 20_000)]);
  });

  it('reads only the start of a large text file', async () => {
    const result = await extractText(file('big.txt', Buffer.alloc(3000, 'word ')), { mimeType: 'text/plain', name: 'big.txt' }, { limits: { maxTextBytes: 1000 } });
    expect(result.sections[0]!.text).toHaveLength(1000);
    expect(result.notes).toEqual([extractionText.textBytesLimit(1000)]);
  });

  it('stops a reader whose memory grows past the budget', async () => {
    const result = await extractText(fixturePath('board-update.pdf'), { mimeType: 'application/pdf', name: 'b.pdf' }, { limits: { maxMemoryMb: 0 } });
    expect(result).toMatchObject({ status: 'unreadable', notes: [extractionText.memoryLimit(0)] });
  });
});
