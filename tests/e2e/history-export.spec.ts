import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { historyText, memoText } from '../../src/contract/history.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

const premium = { 'x-test-premium': 'true' };
interface Message {
  role: string;
  content: string;
  status: string;
}

/** A conversation with one question, through the API as the page's user; waits for the demo reply to finish. */
async function conversationWithReply(request: APIRequestContext, title: string, question: string): Promise<{ id: string; messages: Message[] }> {
  const created = await request.post('/api/chat-sessions', { headers: premium, data: { title, executiveRole: 'CEO', industry: 'Technology' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/api/chat-sessions/${id}/messages`, { headers: premium, data: { content: question, role: 'user' } });
  expect(sent.status(), await sent.text()).toBe(201);
  let messages: Message[] = [];
  await expect
    .poll(
      async () => {
        messages = ((await (await request.get(`/api/chat-sessions/${id}/messages`, { headers: premium })).json()) as { messages: Message[] }).messages;
        return messages.some((m) => m.role === 'assistant') && messages.every((m) => m.role !== 'assistant' || m.status === 'complete');
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
  return { id, messages };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.loadingTask.destroy();
  return pages.join(' ');
}

/** Words only, so line breaks, Markdown and PDF spacing do not matter. */
const words = (text: string) => text.replace(/[*_#>|`-]/g, ' ').replace(/\s+/g, ' ').trim();

async function openExportMenu(page: Page) {
  await page.getByRole('button', { name: 'Export conversation' }).click();
}

test('export from the chat header: Download PDF holds every message in order, Copy puts the Markdown on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page);
  const question = 'How should we sequence the product launch across regions?';
  const { id, messages } = await conversationWithReply(page.request, 'Launch sequencing', question);
  const reply = messages.find((m) => m.role === 'assistant')!;

  await page.goto(`/chat?session=${id}`);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'complete');

  await openExportMenu(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

  const text = words(await pdfText(bytes));
  const questionAt = text.indexOf(words(question));
  expect(questionAt, 'the question is in the PDF').toBeGreaterThanOrEqual(0);
  // The reply's opening words (after the demo marker line) follow the question.
  const replyStart = words(reply.content.replace(/^>.*$/gm, '')).split(' ').slice(0, 6).join(' ');
  expect(text.indexOf(replyStart, questionAt), `the reply ("${replyStart}") follows the question`).toBeGreaterThan(questionAt);

  await openExportMenu(page);
  await page.getByRole('menuitem', { name: 'Copy conversation as Markdown' }).click();
  await expect(page.getByText(historyText.copied.title)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The conversation's title as it now stands (the first question may have renamed it).
  const { title } = (await (await page.request.get(`/api/chat-sessions/${id}`, { headers: premium })).json()) as { title: string };
  expect(copied.startsWith(`# ${title}\n`), copied.slice(0, 80)).toBe(true);
  expect(copied).toContain(question);
});

test('a standard user is offered the upgrade from the export menu', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  // No conversation yet: nothing to export.
  await expect(page.getByRole('button', { name: 'Export conversation' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Message' }).fill('What is our biggest risk?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page).toHaveURL(/[?&]session=/);
  await openExportMenu(page);
  await page.getByRole('menuitem', { name: /Download PDF/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Premium');
  // The decision memo is Premium too (issue 14, point 5).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await openExportMenu(page);
  await page.getByRole('menuitem', { name: memoText.menuPdf }).click();
  await expect(page.getByRole('dialog')).toContainText('Premium');
});
