import { describe, expect, it } from 'vitest';
import { fixturePath } from '#tests/helpers/documents-api.ts';
import { chunkSections } from '../chunks.ts';
import { extractText } from './extract.ts';
import { formatOf } from './formats.ts';

const read = (name: string, mimeType = '') => extractText(fixturePath(name), { mimeType, name });

describe('extraction on a worker thread', () => {
  it.each([
    ['board-update.pdf', 'application/pdf', 'Revenue grew 12 percent year over year to 48 million dollars'],
    ['supplier-agreement.docx', '', 'fixed price of 18.50 dollars per unit'],
    ['strategy.pptx', '', 'Marketing spend rises to 2.4 million & headcount to 85'],
    ['budget.xlsx', '', '| Marketing budget | 4,870,000 |'],
    ['pipeline.csv', 'text/csv', '| Acme Corp | Negotiation | 1,200,000 |'],
    ['notes.md', 'text/markdown', '- Launch the partner programme in May'],
    ['plan.txt', 'text/plain', 'Hiring plan: 14 engineers by June'],
    ['kpis.json', 'application/json', '"nps": 47'],
    ['memo.html', 'text/html', 'Raise list prices by 7 percent in January.'],
  ])('reads %s', async (name, mimeType, expected) => {
    const result = await read(name, mimeType);
    expect(result.status).toBe('complete');
    expect(result.sections.map((section) => section.text).join('\n')).toContain(expected);
  });

  it('reads the text of an image by OCR, offline (English data from the npm package)', async () => {
    const result = await read('scan.png', 'image/png');
    expect(result).toMatchObject({ status: 'complete', notes: [] });
    expect(result.sections.map((s) => s.label)).toEqual(['Image text (OCR)']);
    expect(result.sections[0]!.text.replace(/\s+/g, ' ')).toContain('Cash runway is 19 months at the current burn of 410,000 per month.');
  });

  it('labels pages and sheets, and leaves scripts of HTML out', async () => {
    const pdf = await read('board-update.pdf');
    expect(pdf).toMatchObject({ pageCount: 2 });
    expect(pdf.sections.map((s) => s.label)).toEqual(['Page 1', 'Page 2']);
    const xlsx = await read('budget.xlsx');
    expect(xlsx).toMatchObject({ sheetCount: 2 });
    expect(xlsx.sections.map((s) => s.label)).toEqual(['Sheet "Revenue"', 'Sheet "Costs"']);
    expect((await read('memo.html')).sections[0]!.text).not.toContain('alert');
  });

  it('says what it could not read, and states its limits instead of cutting silently', async () => {
    expect(await read('random.bin', 'application/octet-stream')).toMatchObject({ status: 'unreadable', notes: ['The file is not text, and its type is not one that can be read.'] });
    const limited = await extractText(fixturePath('board-update.pdf'), { mimeType: 'application/pdf', name: 'b.pdf' }, { limits: { maxPages: 1, maxChars: 100, maxSheetRows: 10 } });
    expect(limited.status).toBe('partial');
    expect(limited.notes[0]).toBe('Only the first 1 of 2 pages were read (the page limit).');
    expect(limited.notes[1]).toMatch(/^Only the first 100 of \d+ characters were read \(the text limit\)\.$/);
  });

  it('gives up on a reader that runs past the time limit', async () => {
    const result = await extractText(fixturePath('board-update.pdf'), { mimeType: 'application/pdf', name: 'b.pdf' }, { timeoutMs: 1 });
    expect(result).toMatchObject({ status: 'unreadable', notes: ['Reading the file took longer than 0 seconds (the time limit), so its content was not read.'] });
  });
});

describe('formatOf', () => {
  it('goes by type, then by name', () => {
    expect(formatOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x')).toBe('xlsx');
    expect(formatOf('application/octet-stream', 'Deck.PPTX')).toBe('pptx');
    expect(formatOf('image/png', 'scan')).toBe('image');
    expect(formatOf('', 'archive.zip')).toBe('unknown');
  });
});

describe('chunkSections', () => {
  it('cuts prose at sentences and tables at rows, repeating the header', () => {
    const table = ['| A | B |', '| --- | --- |', ...Array.from({ length: 200 }, (_, i) => `| row${i} | ${i} |`)].join('\n');
    const chunks = chunkSections([{ label: 'Sheet "S"', text: table }], 300);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.content.startsWith('| A | B |\n| --- | --- |')).toBe(true);
    // A table's parts are named by their sheet rows (the header is row 1; `row0` is row 2).
    expect(chunks[0]!.label).toMatch(/^Sheet "S" \(rows 2–\d+\)$/);
    for (const chunk of chunks) {
      const body = chunk.content.split('\n').slice(2);
      const first = Number(/^\| row(\d+) /.exec(body[0]!)![1]) + 2;
      expect(chunk.label).toBe(`Sheet "S" (rows ${first}–${first + body.length - 1})`);
    }
    const prose = chunkSections([{ label: 'Page 1', text: 'One sentence here. '.repeat(100) }], 200);
    expect(prose.every((chunk) => chunk.content.length <= 400)).toBe(true);
  });
});
