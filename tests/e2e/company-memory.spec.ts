import { readFile } from 'node:fs/promises';
import { decisionsText } from '../../src/contract/decisions-text.ts';
import { formatMemoryDate, memoryText } from '../../src/contract/memory-text.ts';
import { seriousViolations } from './axe.ts';
import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { usePremium } from './history-helpers.ts';
import { showScheme } from './settled.ts';

/**
 * Company memory (issue 33, point 10): fill the profile, see a profile figure used in the demo reply,
 * save a proposed fact, see it used by another advisor in a new conversation, delete it and see it no
 * longer used, export the page.
 */
test('the profile and a saved fact reach every advisor, with their dates; deleted, the fact is no longer used; the page exports', async ({ page }) => {
  test.setTimeout(150_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Mara' });
  const today = formatMemoryDate(new Date().toISOString());
  await page.goto('/chat');
  const c = chat(page);

  // The welcome card says at a glance what the advisor knows: nothing yet, and where to tell it.
  const knows = page.getByTestId('memory-knows');
  await expect(knows).toContainText(memoryText.knowsNothing);
  await knows.getByRole('link', { name: memoryText.setUp }).click();
  await expect(page.getByRole('heading', { name: memoryText.pageTitle })).toBeVisible();

  // The guided profile: runway is computed from cash and burn, never typed.
  await page.getByLabel('Company name').fill('Acme Robotics');
  await page.getByLabel('Industry').selectOption('Manufacturing');
  await page.getByLabel('Cash in the bank (USD)').fill('2.8M');
  await page.getByLabel('Monthly net burn (USD)').fill('200k');
  await expect(page.getByTestId('memory-runway')).toHaveText('14 months');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(memoryText.profileSaved)).toBeVisible();
  await expect(page.getByText(`Updated ${today}`).first()).toBeVisible();

  // A new conversation: the line shows the profile, the industry is the profile's, the demo reply uses the runway with its date.
  await page.goto('/chat');
  await expect(knows).toContainText('Your advisors know: Acme Robotics · 14 months of runway');
  await expect(c.contextLine).toContainText('Manufacturing');
  await c.ask('We closed the Series A at $12M. Should we hire ten engineers?');
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText(`With your 14 months of runway (as of ${today})`);

  // "Remember this?" under the reply, after it ended: save the proposed fact.
  const remember = page.getByTestId('remember-this');
  await expect(remember).toContainText('We closed the Series A at $12M.', { timeout: 15_000 });
  await remember.getByRole('button', { name: memoryText.rememberSave }).click();
  await expect(page.getByText(memoryText.factSaved)).toBeVisible();
  await expect(remember).toHaveCount(0);

  // Another advisor, in a new conversation, knows it.
  await page.getByRole('banner').getByRole('button', { name: 'New conversation' }).click();
  await expect(knows).toContainText('1 fact');
  await c.openContext();
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await page.getByRole('option', { name: 'CFO', exact: true }).click();
  await c.ask('Should we raise our prices?');
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText(`You told me: "We closed the Series A at $12M." (${today}).`);

  // The page lists it with its source and date; it exports; deleted, it is no longer used.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: memoryText.openMemory }).click();
  const fact = page.getByTestId('memory-fact');
  await expect(fact).toContainText('We closed the Series A at $12M.');
  await expect(fact).toContainText(`stated ${today}`);
  await expect(fact.getByRole('link')).toContainText('From "');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: memoryText.exportMarkdown }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^company-memory-\d{4}-\d{2}-\d{2}\.md$/);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toContain('- **Company name:** Acme Robotics');
  expect(markdown).toContain('- **Runway (computed):** 14 months');
  expect(markdown).toContain('- We closed the Series A at $12M. (stated');

  await fact.getByRole('button', { name: 'Delete: We closed the Series A at $12M.' }).click();
  await expect(page.getByText(memoryText.factsEmpty)).toBeVisible();
  await page.goto('/chat');
  await c.ask('Should we open a second plant?');
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText('With your 14 months of runway');
  await expect(c.lastReply).not.toContainText('Series A');
});

const fixture = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

/**
 * Issue 33, points 2 and 5 (decision 082): pin an analysed document from the memory page and see it
 * listed; mark a decision done with what happened and see it on the memory page as a fact.
 */
test('a document pinned from the memory page is listed; a decision marked done with what happened is a fact', async ({ page }) => {
  test.setTimeout(150_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Ines' });
  await page.goto('/chat');
  const c = chat(page);
  await page.getByRole('button', { name: 'Attach a document' }).click();
  await page.getByRole('dialog', { name: 'Attach a document' }).getByLabel('Choose a file').setInputFiles(fixture('plan.txt'));
  await c.ask('Should we open the Lisbon office this year?');
  await expect(c.userMessages.last().getByTestId('message-document')).toContainText('plan.txt', { timeout: 30_000 });
  await c.waitForReplyStatus('complete');

  // Save the reply's decision, then mark it done: "How did it go?"
  await c.lastReply.getByRole('button', { name: decisionsText.saveAction }).click();
  const save = page.getByRole('dialog', { name: decisionsText.dialog.title });
  await save.getByRole('textbox', { name: decisionsText.dialog.text }).fill('Open the Lisbon office this year');
  await save.getByRole('button', { name: decisionsText.dialog.save }).click();
  await expect(save).toBeHidden();
  await page.getByRole('button', { name: decisionsText.panel.button }).click();
  const panel = page.getByRole('dialog', { name: decisionsText.panel.title });
  const decision = panel.getByRole('listitem', { name: 'Open the Lisbon office this year' });
  await decision.getByRole('combobox', { name: decisionsText.panel.statusLabel }).click();
  await page.getByRole('option', { name: decisionsText.panel.groups.done }).click();
  const asked = decision.getByRole('form', { name: decisionsText.outcome.title });
  await expect(asked).toContainText(decisionsText.outcome.premium);
  await asked.getByLabel(decisionsText.outcome.label).fill('We hired nine engineers there by March; rent came in under plan.');
  await asked.getByRole('button', { name: decisionsText.outcome.markDone }).click();
  await expect(page.getByText(decisionsText.outcome.remembered)).toBeVisible();
  await expect(decision.getByTestId('decision-outcome')).toContainText('What happened: We hired nine engineers there by March; rent came in under plan.');
  await page.keyboard.press('Escape');

  // The memory page: pin the analysed document, see it listed with its date; the outcome is a fact.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: memoryText.openMemory }).click();
  const today = formatMemoryDate(new Date().toISOString());
  const pins = page.getByRole('region', { name: memoryText.pinsTitle });
  await expect(pins.getByText(memoryText.pinsEmpty)).toBeVisible();
  const choice = pins.getByLabel(memoryText.pinChoose);
  await expect(choice.getByRole('option', { name: /plan\.txt/ })).toHaveCount(1);
  await choice.selectOption({ label: await choice.getByRole('option', { name: /plan\.txt/ }).innerText() });
  await pins.getByRole('button', { name: memoryText.pinAction }).click();
  await expect(page.getByText(memoryText.pinned)).toBeVisible();
  const pinned = pins.getByTestId('memory-pin');
  await expect(pinned).toHaveCount(1);
  await expect(pinned).toContainText('plan.txt');
  await expect(pinned).toContainText(memoryText.pinnedOn(new Date().toISOString()));
  const fact = page.getByTestId('memory-fact');
  await expect(fact).toContainText(`Decision on ${today}: Open the Lisbon office this year. What happened: We hired nine engineers there by March; rent came in under plan.`);
  await expect(fact).toContainText(memoryText.sourceDecision);

  for (const width of process.env.SHOTS_DIR ? [390, 1280] : []) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await showScheme(page, colorScheme);
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/memory-pins-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
});

/**
 * Decision 087: a document attached in the chat is pinned from where it is, the memory page lists it as
 * pinned, and it is unpinned from the chat again; the page and the chat read the same pins list.
 */
test('a document attached in the chat is pinned and unpinned from the chat, and the memory page follows', async ({ page }) => {
  test.setTimeout(120_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Tomas' });
  await page.goto('/chat');
  const c = chat(page);
  await page.getByRole('button', { name: 'Attach a document' }).click();
  await page.getByRole('dialog', { name: 'Attach a document' }).getByLabel('Choose a file').setInputFiles(fixture('plan.txt'));
  await c.ask('What does our hiring plan risk?');
  const attached = c.userMessages.last();
  await expect(attached.getByTestId('message-document')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await c.waitForReplyStatus('complete');

  // Pin it from the chat, with the keyboard: the notice, and the chip says it is pinned.
  const pin = attached.getByRole('button', { name: memoryText.pinDocument('plan.txt') });
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(memoryText.pinned)).toBeVisible();
  const unpin = attached.getByRole('button', { name: memoryText.unpinDocument('plan.txt') });
  await expect(unpin).toContainText(memoryText.pinnedShort);
  await expect(pin).toHaveCount(0);
  expect(await seriousViolations(page, { include: '[data-testid="user-message"]', schemes: ['light', 'dark'] })).toEqual([]);

  // The memory page lists it as pinned; its source link leads back to the conversation.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: memoryText.openMemory }).click();
  const pins = page.getByRole('region', { name: memoryText.pinsTitle });
  const pinned = pins.getByTestId('memory-pin');
  await expect(pinned).toHaveCount(1);
  await expect(pinned).toContainText('plan.txt');
  await expect(pinned).toContainText(memoryText.pinnedOn(new Date().toISOString()));
  await pinned.getByRole('link', { name: /^From "/ }).click();

  // Unpinned from the chat: the notice, the chip offers the pin again, the page lists none.
  await unpin.click();
  await expect(page.getByText(memoryText.unpinned)).toBeVisible();
  await expect(pin).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: memoryText.openMemory }).click();
  await expect(pins.getByText(memoryText.pinsEmpty)).toBeVisible();
  await expect(pinned).toHaveCount(0);
});
