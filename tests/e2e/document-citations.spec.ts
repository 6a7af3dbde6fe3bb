import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

// Uploads, extraction on a worker thread and a demo reply of three steps: more than the default minute on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

/**
 * Issue 32, point 3 (decision 076): the advisor reads the attached P&L through read_document, computes
 * the runway from the cells it read, and cites them; the cited source opens with the cells highlighted.
 */
test('the runway from an attached P&L: the rows read, the figure with its inputs, and the cited cells highlighted', async ({ page }, testInfo) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);
  await page.getByRole('button', { name: 'Attach a document' }).click();
  await page.getByRole('dialog', { name: 'Attach a document' }).getByLabel('Choose a file').setInputFiles(fixture('q3-pl.xlsx'));
  await c.ask('What is our runway?');
  await expect(c.userMessages.last().getByTestId('message-document')).toContainText('q3-pl.xlsx', { timeout: 30_000 });
  await c.waitForReplyStatus('complete');

  const tools = c.lastReply.getByTestId('tool-activity');
  await expect(tools.getByRole('listitem')).toHaveCount(2);
  await expect(tools.getByRole('listitem').first()).toHaveText('Reading q3-pl.xlsx, sheet Costs');
  await expect(tools).toContainText('Runway: 14.2 months');
  await expect(tools.getByTestId('calculation-inputs')).toHaveText('From cash 2,408,000, monthly net burn 169,000');
  await expect(c.lastReply).toContainText('Computed from your figures: Runway: 14.2 months (from cash 2,408,000, monthly net burn 169,000).');
  await expect(c.lastReply).toContainText('I read "q3-pl.xlsx" (sheet Costs, A6:D7) [1]:');
  await expect(c.lastReply).toContainText('Net burn | 158,000 | 163,000 | 169,000 [1]');

  // The numbered source under the reply opens the cells it came from, the quoted rows highlighted.
  const sources = c.lastReply.getByRole('region', { name: 'Sources' });
  const source = sources.getByRole('button', { name: 'Source 1: q3-pl.xlsx, sheet Costs, A6:D7' });
  await source.click();
  const dialog = page.getByRole('dialog', { name: '[1] q3-pl.xlsx' });
  await expect(dialog).toContainText('Sheet Costs, A6:D7');
  const cells = dialog.getByTestId('source-passage');
  await expect(cells.getByRole('columnheader')).toHaveText(['Row', 'A', 'B', 'C', 'D']);
  // The two rows the reply quoted, highlighted: every row of this range.
  await expect(cells.locator('tr[data-quoted]')).toHaveCount(2);
  await expect(cells.getByRole('row', { name: '6 Net burn 158,000 163,000 169,000' })).toHaveAttribute('data-quoted', 'true');
  await expect(cells.getByRole('row', { name: '7 Cash at end 2,740,000 2,577,000 2,408,000' })).toHaveAttribute('data-quoted', 'true');
  await page.screenshot({ path: testInfo.outputPath('source-1280.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(source).toBeFocused();

  // The [1] in the reply's text is the same source: a click opens it on the cells it quotes (decision 084).
  const markers = c.lastReply.getByTestId('citation-marker');
  await expect(markers.first()).toHaveAccessibleName('Source 1: q3-pl.xlsx, sheet Costs, A6:D7');
  await markers.first().click();
  await expect(dialog).toContainText('Sheet Costs, A6:D7');
  await expect(cells.getByRole('row', { name: '6 Net burn 158,000 163,000 169,000' })).toHaveAttribute('data-quoted', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(markers.first()).toBeFocused();

  // On a phone: the dialog fits the screen, the keyboard opens it too, and the reply is resumable
  // after a reload (the sources come with the saved message).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await c.waitForReplyStatus('complete');
  const again = c.lastReply.getByRole('region', { name: 'Sources' }).getByRole('button', { name: 'Source 1: q3-pl.xlsx, sheet Costs, A6:D7' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(cells.getByRole('row', { name: '7 Cash at end 2,740,000 2,577,000 2,408,000' })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('source-390.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
