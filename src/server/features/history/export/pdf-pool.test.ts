import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import type { ConversationExport } from './conversation.ts';
import { MAX_PDF_RENDERS, pdfRendersInFlight, renderConversationPdfOffThread } from './pdf-pool.ts';

const conversation = (title: string): ConversationExport => ({
  appName: 'Corner Office',
  title,
  userRole: 'CEO',
  executiveRole: 'CFO',
  industry: 'Retail',
  date: 'November 22, 2025',
  exportedAt: 'Nov 24, 2025, 9:05 AM',
  timeZone: 'UTC',
  messages: [{ role: 'assistant', speaker: 'CFO', time: 'Nov 22, 2025, 3:45 PM', content: `## ${title}\n\n**Cash first.** Then margin.`, note: null }],
});

describe('PDF rendering on worker threads', () => {
  it('renders on a thread, one PDF per request, and refuses one more than the limit at once with the busy message', async () => {
    const accepted = Array.from({ length: MAX_PDF_RENDERS }, (_, i) => renderConversationPdfOffThread(conversation(`Export ${i + 1}`)));
    expect(pdfRendersInFlight()).toBe(MAX_PDF_RENDERS);
    await expect(renderConversationPdfOffThread(conversation('One too many'))).rejects.toMatchObject({
      code: 'unavailable:export_busy',
      status: 503,
      message: errorCatalog['unavailable:export_busy'].message,
    });

    const pdfs = await Promise.all(accepted.map(async (rendering) => readPdf(new Uint8Array(await rendering))));
    expect(pdfs.map((pdf) => pdf.title)).toEqual(accepted.map((_, i) => `Export ${i + 1}`));
    for (const pdf of pdfs) expect(pdf.text).toContain('Cash first. Then margin.');
    expect(pdfRendersInFlight()).toBe(0);

    // Room again once they are done.
    expect((await readPdf(new Uint8Array(await renderConversationPdfOffThread(conversation('Afterwards'))))).title).toBe('Afterwards');
  }, 60_000);
});
