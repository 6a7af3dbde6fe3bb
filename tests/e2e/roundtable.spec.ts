import { chatText } from '../../src/contract/chat-text.ts';
import { readFile } from 'node:fs/promises';
import { firstOutOfOrder, readPdf } from '../helpers/pdf-text.ts';
import { roundtableText } from '../../src/contract/roundtable.ts';
import { sidebarText } from '../../src/contract/history-text.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { usePremium } from './history-helpers.ts';

test('a Premium user convenes three executives: they speak in turn, change their minds, the chair sums up; a follow-up to one seat; the board pack', async ({ page }) => {
  test.setTimeout(90_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Ada' });
  await page.goto('/chat');
  await page.getByRole('radio', { name: 'Roundtable' }).click();
  // The conversation's executive (CEO), with the CFO and COO, by default.
  await expect(page.getByTestId('chosen-seat')).toHaveCount(3);
  expect(await page.getByTestId('chosen-seat').evaluateAll((chips) => chips.map((chip) => (chip as HTMLElement).dataset.seat))).toEqual(['CEO', 'CFO', 'COO']);

  // The order in which the opening turns leave "waiting to speak": the seats speak in turn.
  await page.evaluate(() => {
    const w = window as unknown as { revealed: string[] };
    w.revealed = [];
    new MutationObserver(() => {
      for (const turn of document.querySelectorAll<HTMLElement>('[data-testid="roundtable-turn"][data-round="1"]')) {
        const seat = turn.dataset.seat!;
        if (turn.dataset.status !== 'waiting' && !w.revealed.includes(seat)) w.revealed.push(seat);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  const input = page.getByPlaceholder(roundtableText.askPlaceholder);
  await input.fill('Should we expand into the German market next year?');
  await input.press('Enter');

  const table = page.getByTestId('roundtable').first();
  await expect(table.getByTestId('roundtable-question')).toHaveText('Should we expand into the German market next year?');
  const synthesis = table.getByTestId('roundtable-synthesis');
  await expect(synthesis).toContainText('Consensus', { timeout: 30_000 });
  await expect(table).toHaveAttribute('data-status', 'complete');
  expect(await page.evaluate(() => (window as unknown as { revealed: string[] }).revealed)).toEqual(['CEO', 'CFO', 'COO']);
  for (const heading of ['Disagreements', 'Minority view', 'Recommendation', 'Open questions for you']) await expect(synthesis).toContainText(heading);
  // Every demo turn, the chair's too, says what it is, as a demo chat reply does (issue 31, point 6).
  const turns = table.getByTestId('roundtable-turn');
  await expect(turns.first().getByTestId('demo-note')).toHaveText(`Demo: ${chatText.demoNote}`);
  expect(await table.getByTestId('demo-note').count()).toBe((await turns.count()) + 1);
  await expect(synthesis.getByTestId('demo-note')).toHaveCount(1);
  await expect(table).not.toContainText('> *Sample answer');
  await expect(table.getByTestId('roundtable-status')).toHaveText(roundtableText.ended['max-rounds']);
  // Each seat has its stance; the COO was moved by the CFO in the rebuttal, and its chip says so.
  const seats = table.getByTestId('roundtable-seat');
  await expect(seats).toHaveCount(3);
  await expect(seats.filter({ hasText: 'COO' }).getByTestId('stance-chip')).toHaveAttribute('data-changed', 'true');
  await expect(seats.filter({ hasText: 'COO' }).getByTestId('stance-chip')).toContainText(roundtableText.stanceChanged);
  await expect(seats.filter({ hasText: 'CEO' }).getByTestId('stance-chip')).toHaveAttribute('data-changed', 'false');
  await expect(table.getByTestId('roundtable-turn')).toHaveCount(6);

  // No figures in the question: no seat computed anything.
  await expect(table.getByTestId('tool-activity')).toHaveCount(0);

  // A follow-up to one executive by name: only the CFO answers, in its own voice.
  await page.getByRole('combobox', { name: 'Who the follow-up is for' }).click();
  await page.getByRole('option', { name: roundtableText.addressSeat('CFO') }).click();
  const followUp = page.getByPlaceholder(roundtableText.followUpPlaceholder);
  await followUp.fill('We have $1.2M cash and burn $100k a month: what runway would the payback gate leave us?');
  await followUp.press('Enter');
  const answer = page.getByTestId('roundtable').nth(1);
  await expect(answer.getByTestId('roundtable-turn')).toHaveCount(1);
  await expect(answer.getByTestId('roundtable-turn')).toHaveAttribute('data-seat', 'CFO');
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer.getByTestId('roundtable-turn')).toContainText('Chief Financial Officer');
  await expect(answer.getByTestId('roundtable-synthesis')).toHaveCount(0);
  // The seat computed the runway from the follow-up's figures through the calculate tool, as a reply
  // does (issue 32, point 5): its tool activity shows the figure with its inputs, and its words state it.
  const calculation = answer.getByRole('list', { name: 'What the advisor checked' });
  await expect(calculation.getByTestId('calculation-result')).toHaveText('12 months');
  await expect(calculation).toContainText('Runway: 12 months');
  await expect(calculation.getByTestId('calculation-inputs')).toHaveText('From cash 1,200,000, monthly net burn 100,000');
  await expect(calculation.getByRole('img', { name: /Runway: line chart of Cash at end of month/ })).toBeVisible();
  await expect(answer.getByTestId('roundtable-turn')).toContainText('Computed from your figures: Runway: 12 months (from cash 1,200,000, monthly net burn 100,000).');

  // The board pack, read back as text.
  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: roundtableText.exportPdf }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^board-pack-should-we-expand.*\.pdf$/);
  const pdf = await readPdf(new Uint8Array(await readFile((await download.path())!)));
  expect(pdf.title).toBe('Board pack: Should we expand into the German market next year?');
  expect(
    firstOutOfOrder(pdf.text, ['Should we expand into the German market next year?', 'Participants and positions', 'CEO', 'CFO', 'COO', "Chair's synthesis and decision", 'Consensus', 'Recommendation', 'CEO · Round 1']),
    pdf.text.slice(0, 600),
  ).toBeNull();

  // Reopened, the conversation shows both tables where they were asked; on a phone it fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('roundtable')).toHaveCount(2);
  await expect(page.getByTestId('roundtable').first().getByTestId('roundtable-synthesis')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a Free user sees the roundtable formats and is offered Premium', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Fred' });
  await page.goto('/chat');
  await page.getByRole('radio', { name: 'Head-to-head' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(roundtableText.premiumOnly);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radio', { name: '1-on-1' })).toHaveAttribute('aria-checked', 'true');
});

test('a head-to-head names the conversation: the header shows the title the sidebar shows, and history labels it Head-to-head (issue 29, point 13)', async ({ page }) => {
  test.setTimeout(90_000);
  await usePremium(page);
  await signUpViaApi(page);
  await page.goto('/chat');
  await page.getByRole('radio', { name: 'Head-to-head' }).click();
  const input = page.getByPlaceholder(roundtableText.askPlaceholder);
  await input.fill('Do we take it or leave it?');
  await input.press('Enter');
  const title = 'Head-to-head: Do we take it or leave it';
  await expect(page.getByTestId('conversation-title')).toHaveText(title);
  await expect(page.getByRole('navigation', { name: sidebarText.label }).getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('roundtable').first()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

  await page.goto('/history');
  const card = page.getByTestId('history-card').filter({ hasText: title });
  await expect(card.getByTestId('history-head-to-head-badge')).toHaveText(roundtableText.headToHeadBadge);
  await expect(card.getByTestId('history-roundtable-badge')).toHaveCount(0);
});

test('a roundtable follows the newest text while the reader stays at the end, "Jump to latest" covers no text, and the synthesis ends in view (issue 29, point 12)', async ({ page }) => {
  test.setTimeout(90_000);
  await usePremium(page);
  await signUpViaApi(page);
  await page.goto('/chat');
  await page.getByRole('radio', { name: 'Roundtable' }).click();
  // Whether the view has caught up with the transcript's end, sampled after every frame while the table
  // runs. New text may land between a frame and the sample (the view follows it before the next paint), so
  // each sample asks about the end as it was at the previous sample: a view left more than 100 px above it
  // did not follow. Judged by the end as it is now, text landing just before two samples in a row failed a
  // view that was following (CI, stop 37's second run: 2 of 209 samples).
  await page.evaluate(() => {
    const w = window as unknown as { farFrames: number; longestFarRun: number; frames: number };
    w.farFrames = 0;
    w.longestFarRun = 0;
    w.frames = 0;
    let run = 0;
    let previousEnd = 0;
    const sample = () => {
      const main = document.querySelector('main#main');
      const table = document.querySelector('[data-testid="roundtable"]');
      if (main && table && table.getAttribute('data-status') === 'running' && document.querySelector('[data-testid="roundtable-turn"]')) {
        const far = previousEnd > 0 && previousEnd - (main.scrollTop + main.clientHeight) > 100;
        previousEnd = main.scrollHeight;
        run = far ? run + 1 : 0;
        if (far) w.farFrames += 1;
        w.longestFarRun = Math.max(w.longestFarRun, run);
        w.frames += 1;
      }
      requestAnimationFrame(() => setTimeout(sample, 0));
    };
    requestAnimationFrame(() => setTimeout(sample, 0));
  });
  const input = page.getByPlaceholder(roundtableText.askPlaceholder);
  await input.fill('Should we expand into the German market next year?');
  await input.press('Enter');
  const table = page.getByTestId('roundtable').first();
  await expect(table).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const samples = await page.evaluate(() => {
    const w = window as unknown as { farFrames: number; longestFarRun: number; frames: number };
    return { farFrames: w.farFrames, longestFarRun: w.longestFarRun, frames: w.frames };
  });
  expect(samples.frames).toBeGreaterThan(10);
  // The view went down with the text: never left behind for two samples in a row.
  expect(samples.longestFarRun, JSON.stringify(samples)).toBeLessThanOrEqual(1);

  // The synthesis ends in view, above the message box.
  const main = page.locator('main#main');
  const view = (await main.boundingBox())!;
  const synthesis = (await table.getByTestId('roundtable-synthesis').boundingBox())!;
  expect(synthesis.y + synthesis.height).toBeLessThanOrEqual(view.y + view.height + 1);

  // Scrolled up, the reader gets "Jump to latest", which sits below the transcript, over none of its text.
  await main.hover();
  await page.mouse.wheel(0, -1500);
  const jump = page.getByTestId('jump-to-latest');
  await expect(jump).toBeVisible();
  const button = (await jump.boundingBox())!;
  const shrunk = (await main.boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(shrunk.y + shrunk.height - 1);
  await jump.click();
  await expect(jump).toBeHidden();
  await expect.poll(() => main.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
});
