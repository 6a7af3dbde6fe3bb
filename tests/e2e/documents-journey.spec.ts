import { statSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { storageLimits, storageUsageText } from '../../src/contract/documents-text.ts';
import { errorCatalog } from '../../src/contract/errors.ts';
import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

// Each journey uploads, waits for extraction on a worker thread and for demo replies: more than the default minute on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

test('a premium user attaches a PDF and a spreadsheet, reads the analysis, and gets a reply that quotes a figure of the spreadsheet', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page, { firstName: 'Ada' });
  await page.goto('/chat');
  const c = chat(page);
  const attach = page.getByRole('button', { name: 'Attach a document' });

  // The upload dialog, checked once with axe.
  await attach.click();
  const dialog = page.getByRole('dialog', { name: 'Attach a document' });
  await expect(dialog).toContainText('Up to 100 MB');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations).toEqual([]);
  await dialog.getByLabel('Choose a file').setInputFiles(fixture('board-update.pdf'));
  await expect(dialog).toBeHidden();

  // Staged, with remove; attach waits until it has gone with a message.
  const staged = page.getByTestId('staged-document');
  await expect(staged).toContainText('board-update.pdf');
  await expect(staged).toContainText('Attached: sent with your next message');
  await expect(attach).toBeDisabled();

  await c.ask('Summarise the board update for me');
  await expect(staged).toBeHidden({ timeout: 30_000 });
  const pdf = c.userMessages.last().getByTestId('message-document');
  await expect(pdf).toContainText('board-update.pdf');
  await c.waitForReplyStatus('complete');

  // The analysis: the executive summary in the advisor's voice, key points, risks, questions.
  await pdf.click();
  const analysis = page.getByRole('dialog', { name: 'board-update.pdf' });
  await expect(analysis).toContainText('Executive summary');
  await expect(analysis).toContainText('As your Chief Executive Officer in Technology');
  await expect(analysis).toContainText('Revenue grew 12 percent');
  for (const heading of ['Key points', 'Risks', 'Questions for you']) await expect(analysis.getByRole('heading', { name: heading })).toBeVisible();
  await page.keyboard.press('Escape');

  // A spreadsheet, then a question about a number inside it: the reply quotes it.
  await attach.click();
  await page.getByRole('dialog', { name: 'Attach a document' }).getByLabel('Choose a file').setInputFiles(fixture('budget.xlsx'));
  await c.ask('What is the marketing budget in the spreadsheet?');
  await expect(c.userMessages.last().getByTestId('message-document')).toContainText('budget.xlsx', { timeout: 30_000 });
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText('budget.xlsx');
  await expect(c.lastReply).toContainText('4,870,000');
});

test('a free user cancels an upload, attaches one document, and the second attachment of the day opens the upgrade dialog', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Ola' });
  await page.goto('/chat');
  const c = chat(page);
  const attach = page.getByRole('button', { name: 'Attach a document' });
  await expect(page.getByTestId('uploads-left')).toHaveText('1 upload left');
  const storage = page.getByTestId('storage-used');
  await expect(storage).toHaveText(storageUsageText(0, storageLimits.freeBytes));

  // A large file on a slow connection: the progress shows, and Cancel stops it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  await attach.click();
  await page.getByLabel('Choose a file').setInputFiles({ name: 'board-pack.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024, 7) });
  await c.ask('What does the board pack say?');
  const progress = page.getByRole('progressbar', { name: 'Uploading board-pack.pdf' });
  await expect(progress).toBeVisible();
  await expect(progress).not.toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('staged-document')).toContainText(/Uploading… [1-9]\d?%/);
  await page.getByTestId('staged-document').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Upload Failed')).toBeVisible();
  await expect(page.getByText('Upload cancelled by user')).toBeVisible();
  // The temporary message is gone, the question is back in the input, nothing was counted.
  await expect(c.userMessages).toHaveCount(0);
  await expect(c.input).toHaveValue('What does the board pack say?');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole('button', { name: 'Remove board-pack.pdf' }).click();

  // Today's one attachment.
  await attach.click();
  await page.getByLabel('Choose a file').setInputFiles(fixture('plan.txt'));
  await c.ask('What does my plan say?');
  await expect(c.userMessages.last().getByTestId('message-document')).toContainText('plan.txt', { timeout: 30_000 });
  await c.waitForReplyStatus('complete');
  await expect(page.getByTestId('uploads-left')).toHaveText('0 uploads left');
  // Stored counts from the upload URL (decision 052): the cancelled upload's 20 MB holds until it is collected.
  await expect(storage).toHaveText(storageUsageText(20 * 1024 * 1024 + statSync(fixture('plan.txt')).size, storageLimits.freeBytes));

  // The second: attach is marked disabled with the reason, and pressing it offers Premium.
  await expect(attach).toHaveAttribute('aria-disabled', 'true');
  await expect(attach).toHaveAccessibleDescription("Today's free attachment is used. Upgrade to Premium for unlimited attachments.");
  await attach.focus();
  await page.keyboard.press('Enter');
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText(errorCatalog['rate_limit:attachments'].message);
});
