/**
 * Issue 9, finding 9: a reply of 6,000 `>` characters nested that many blockquotes, overflowed the
 * Markdown parsers' stacks, crashed the chat screen into its error boundary on every reload and made
 * the PDF export answer 500. The reply is written straight into the database (the demo advisor never
 * writes one), as a compromised or misbehaving model would have.
 */
import { readFile } from 'node:fs/promises';
import { readPdf } from '../helpers/pdf-text.ts';
import { appendMessages } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { seedConversation, usePremium } from './history-helpers.ts';

const nestedReply = '>'.repeat(6_000);

test('a reply of 6,000 ">" renders as text in the chat, after a reload too, and exports to PDF', async ({ page }) => {
  await usePremium(page);
  const user = await signUpViaApi(page, { firstName: 'Quinn' });
  const { id } = await seedConversation(page, { title: 'Nested quotes' });
  expect(await appendMessages(user.email, id, [
    { role: 'user', content: 'Quote yourself, deeply.' },
    { role: 'assistant', content: nestedReply },
  ])).toBe(2);

  await page.goto(`/chat?session=${id}`);
  const reply = page.getByTestId('assistant-message');
  await expect(reply).toHaveCount(1);
  // The markers come out as characters, not as 6,000 nested quotes.
  await expect(reply).toContainText('>'.repeat(200));
  await expect(reply.locator('blockquote')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await page.reload();
  await expect(reply).toContainText('>'.repeat(200));
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await page.getByRole('button', { name: 'Export conversation' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const download = await downloading;
  const pdf = await readPdf(new Uint8Array(await readFile((await download.path())!)));
  expect(pdf.text).toContain('Quote yourself, deeply.');
  // Typeset as text: the markers are characters on the page, not 6,000 nested quotes.
  expect(pdf.text).toContain('>'.repeat(50));
});
