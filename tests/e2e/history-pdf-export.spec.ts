import { readFile } from 'node:fs/promises';
import { firstOutOfOrder, readPdf } from '../helpers/pdf-text.ts';
import { historyText } from '../../src/contract/history.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { createConversation, messagesOf, usePremium } from './history-helpers.ts';

// These journeys answer requests with page.route, which a service worker would bypass (tests/e2e/README.md).
test.use({ serviceWorkers: 'block' });

test('the PDF of a longer conversation holds every message, in order, as real text with page numbers', async ({ page }) => {
  test.setTimeout(120_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Leda' });
  const questions = ['Working capital plan?', 'Which suppliers should we renegotiate first?', 'And what if interest rates rise again?'];
  const sessionId = await createConversation(page, { questions, executiveRole: 'CFO', industry: 'Retail' });
  const messages = await messagesOf(page, sessionId);
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);

  await page.goto(`/chat?session=${sessionId}`);
  await expect(page.getByTestId('assistant-message')).toHaveCount(3);
  await page.getByRole('button', { name: 'Export conversation' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^working-capital-plan-\d{4}-\d{2}-\d{2}\.pdf$/);

  const pdf = await readPdf(new Uint8Array(await readFile((await download.path())!)));
  expect(pdf.title).toBe('Working capital plan');
  // Header, then each question and its answer (the demo advisor opens with "My take as your ...").
  const expected = ['Working capital plan', 'YOUR ROLE', 'EXECUTIVE', 'CFO', 'INDUSTRY', 'Retail', 'DATE'];
  for (const question of questions) expected.push('You', question, 'CFO', 'My take as your Chief Financial Officer', 'What I would measure', 'Why it matters here');
  expect(firstOutOfOrder(pdf.text, expected), pdf.text.slice(0, 400)).toBeNull();
  // No Markdown marks survive: headings, bold and tables are typeset.
  expect(pdf.text).not.toMatch(/\*\*|###|\| --- \|/);
  pdf.pages.forEach((text, index) => expect(text).toContain(`Page ${index + 1} of ${pdf.pageCount}`));
});

test('export failures say so', async ({ page }) => {
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Bo' });
  const sessionId = await createConversation(page, { questions: ['Failure drill?'] });
  await page.route(/\/export\/(pdf|markdown)/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }));
  await page.goto(`/chat?session=${sessionId}`);

  await page.getByRole('button', { name: 'Export conversation' }).click();
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  await expect(page.getByText(historyText.exportFailed.title)).toBeVisible();
  await expect(page.getByText('Could not export message or conversation to PDF')).toBeVisible();

  await page.getByRole('button', { name: 'Export conversation' }).click();
  await page.getByRole('menuitem', { name: 'Copy conversation as Markdown' }).click();
  await expect(page.getByText(historyText.copyFailed.title)).toBeVisible();
});
