import { readFile } from 'node:fs/promises';
import { memoReply } from '../fixtures/decision-memo.ts';
import { firstOutOfOrder, readPdf } from '../helpers/pdf-text.ts';
import { historyText, memoText } from '../../src/contract/history.ts';
import { appendMessages } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { seedConversation, usePremium } from './history-helpers.ts';

// The advisor's reply (tests/fixtures/decision-memo.ts), appended straight away: the memo is what this journey is about.
const reply = memoReply;

test('the decision memo: one PDF page with every section written from the conversation, and the same memo as Markdown', async ({ page }) => {
  await usePremium(page);
  const user = await signUpViaApi(page, { firstName: 'Ines' });
  const question = 'We have $2M. Should we open a second office in Berlin or hire remote engineers?';
  const { id } = await seedConversation(page, { title: 'Berlin or remote', executiveRole: 'CFO', industry: 'Technology' });
  expect(await appendMessages(user.email, id, [{ role: 'user', content: question }, { role: 'assistant', content: reply }])).toBe(2);

  await page.goto(`/chat?session=${id}`);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  const exportButton = page.getByRole('button', { name: 'Export conversation' });

  await exportButton.click();
  let downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: memoText.menuPdf }).click();
  const pdfDownload = await downloading;
  expect(pdfDownload.suggestedFilename()).toMatch(/^decision-memo-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readPdf(new Uint8Array(await readFile((await pdfDownload.path())!)));
  expect(pdf.pageCount).toBe(1);
  const sections = [memoText.question, memoText.options, memoText.recommendation, memoText.risks, memoText.ownerAndDate, memoText.openQuestions];
  expect(firstOutOfOrder(pdf.text, sections.map((s) => s.toUpperCase())), pdf.text).toBeNull();
  // Written from this conversation: its question, the two options, the advisor's lean, a risk, its question back; owner and date left blank.
  expect(
    firstOutOfOrder(pdf.text, [
      question,
      'Open a second office in Berlin',
      'Hire remote engineers',
      'Hire remote engineers for two quarters',
      'fixed costs for ten years',
      'Decision owner:',
      'Decision date:',
      'How many engineers do you need by June?',
    ]),
    pdf.text,
  ).toBeNull();
  expect(pdf.text).not.toContain(memoText.notDiscussed);
  expect(pdf.text).not.toMatch(/\*\*|##/);

  await exportButton.click();
  downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: memoText.menuMarkdown }).click();
  const markdownDownload = await downloading;
  expect(markdownDownload.suggestedFilename()).toMatch(/^decision-memo-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.md$/);
  const markdown = await readFile((await markdownDownload.path())!, 'utf8');
  expect(markdown).toMatch(/^# Decision memo: /);
  expect(firstOutOfOrder(markdown, sections.map((s) => `## ${s}`))).toBeNull();
  expect(markdown).toContain(`## ${memoText.question}\n\n${question}\n`);
  expect(markdown).toContain('1. Open a second office in Berlin');
});

test('a memo or PDF being made shows its progress on the Export button, then the download and a notice (issue 29, point 11)', async ({ page }) => {
  await usePremium(page);
  const user = await signUpViaApi(page);
  const { id } = await seedConversation(page, { title: 'Berlin or remote', executiveRole: 'CFO', industry: 'Technology' });
  expect(await appendMessages(user.email, id, [{ role: 'user', content: 'Berlin or remote?' }, { role: 'assistant', content: reply }])).toBe(2);
  await page.goto(`/chat?session=${id}`);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);

  for (const { item, preparing, ready } of [
    { item: memoText.menuPdf, preparing: memoText.preparing, ready: memoText.downloaded('x').title },
    { item: 'Download PDF', preparing: historyText.pdfPreparing, ready: historyText.pdfDownloaded('x').title },
  ]) {
    // The file is held back until the page has been seen saying it is being made.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chat-sessions/*/export/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Export conversation' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    const busy = page.getByRole('button', { name: preparing });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveText(preparing);
    const downloading = page.waitForEvent('download');
    release();
    await downloading;
    await expect(page.getByText(ready)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export conversation' })).toBeEnabled();
    await page.unroute('**/api/chat-sessions/*/export/**');
  }
});
