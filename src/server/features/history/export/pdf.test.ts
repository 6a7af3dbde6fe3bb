import { describe, expect, it } from 'vitest';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { buildConversationExport } from './conversation.ts';
import { renderConversationPdf } from './pdf.ts';

const at = new Date('2025-11-22T15:45:00Z');

/** A question and a reply of `blocks` paragraphs or list items: the reply's last block ends ever lower on the page. */
async function exported(kind: 'paragraphs' | 'list', blocks: number) {
  const content =
    kind === 'paragraphs'
      ? Array.from({ length: blocks }, (_, i) => `Point ${i + 1} of the answer.`).join('\n\n')
      : Array.from({ length: blocks }, (_, i) => `- Item ${i + 1}`).join('\n');
  const conversation = buildConversationExport(
    { title: 'Launch plan', userRole: 'CEO', executiveRole: 'CFO', industry: 'Technology', createdAt: at },
    [
      { id: '1', role: 'user', content: 'How should we sequence the launch?', executiveRole: 'CFO', userRole: 'CEO', timestamp: at, status: 'complete', error: null, documentIds: [] },
      { id: '2', role: 'assistant', content, executiveRole: 'CFO', userRole: 'CEO', timestamp: at, status: 'complete', error: null, documentIds: [] },
    ],
    { appName: 'Corner Office', timeZone: 'UTC', now: at },
  );
  return readPdf(new Uint8Array(await renderConversationPdf(conversation)));
}

const footerOnly = (page: string) => page.replace(/Corner Office · Launch plan/, '').replace(/Page \d+ of \d+/, '').trim() === '';

describe('conversation PDF pages (issue 14, defect 6)', () => {
  it('ends on a page with text: a reply whose last block ends just above the bottom margin adds no footer-only page', async () => {
    // The lengths around the point where the reply's last line reaches the bottom of page 1, for both block kinds.
    for (const [kind, from, to] of [['paragraphs', 20, 26], ['list', 25, 31]] as const) {
      for (let blocks = from; blocks <= to; blocks++) {
        const pdf = await exported(kind, blocks);
        expect(pdf.pages.filter(footerOnly), `${kind}, ${blocks} blocks: ${pdf.pageCount} pages`).toEqual([]);
        const last = kind === 'paragraphs' ? `Point ${blocks} of the answer.` : `Item ${blocks}`;
        expect(pdf.pages.at(-1), `${kind}, ${blocks} blocks`).toContain(last);
      }
    }
  }, 60_000);

  it('keeps a conversation that fits one page on one page', async () => {
    const pdf = await exported('paragraphs', 23);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0]).toContain('Page 1 of 1');
  });
});
