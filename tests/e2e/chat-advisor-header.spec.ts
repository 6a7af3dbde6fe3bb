import AxeBuilder from '@axe-core/playwright';
import { advisorCardText, advisorProfiles } from '../../src/contract/advisor-profiles.ts';
import { chatText, defaultSessionTitle } from '../../src/contract/chat.ts';
import { decisionsText } from '../../src/contract/decisions.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

test('the header names the conversation and opens the advisor card; on a desktop the context is one compact line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, { firstName: 'Ines' });
  await page.goto('/chat');
  const c = chat(page);
  const title = page.getByTestId('conversation-title');

  // Before the first message: no title yet, and the selectors folded into one line over the composer.
  await expect(title).toHaveText(chatText.newConversationTitle);
  await expect(c.contextLine).toHaveText('Research Analyst talking to CEO · Technology');
  await expect(c.contextLine).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Talk to' })).toBeHidden();
  const line = await c.contextLine.boundingBox();
  expect(line?.height).toBeLessThanOrEqual(40);

  // The line opens the selectors; choosing the CFO updates it and the advisor card.
  await c.openContext();
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await page.getByRole('option', { name: 'CFO', exact: true }).click();
  await expect(c.contextLine).toHaveText('Research Analyst talking to CFO · Technology');

  await page.getByRole('button', { name: advisorCardText.open }).click();
  const card = page.getByRole('dialog', { name: advisorCardText.title('CFO') });
  await expect(card).toBeVisible();
  const cfo = advisorProfiles.CFO;
  await expect(card).toContainText(advisorCardText.subtitle(cfo.title, 'Technology'));
  for (const focus of cfo.priorities) await expect(card.getByRole('listitem').filter({ hasText: focus })).toBeVisible();
  for (const framework of cfo.decisionFrameworks) await expect(card.getByText(framework.name, { exact: true })).toBeVisible();
  await expect(card).toContainText(cfo.communicationStyle);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // After the first reply the server writes a title; the header shows it without a reload.
  await c.ask('We run a regional bank. Should we sell our card portfolio to fund a digital branch?');
  await c.waitForReplyStatus('complete');
  await expect(title).not.toHaveText(new RegExp(`^(${chatText.newConversationTitle}|${defaultSessionTitle('CFO', 'Technology')})$`), { timeout: 15_000 });
  const session = await page.request.get(`/api/chat-sessions/${await c.sessionId()}`);
  expect(session.status()).toBe(200);
  await expect(title).toHaveText(((await session.json()) as { title: string }).title);
});

test('on a 390 px phone the title keeps room to be read: the decision log and reading aloud are under More actions', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await page.goto('/chat');
  const title = page.getByTestId('conversation-title');
  await expect(title).toHaveText(chatText.newConversationTitle);
  // Two lines of about 16 characters, not a clipped word (it had about 40 px with every button in the row).
  expect((await title.boundingBox())?.width).toBeGreaterThanOrEqual(100);
  await expect(page.getByRole('button', { name: decisionsText.panel.button })).toBeHidden();
  await expect(page.getByRole('button', { name: chatText.header.readAloud })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const more = page.getByRole('button', { name: chatText.header.more });
  await more.click();
  const readAloud = page.getByRole('menuitemcheckbox', { name: chatText.header.readAloud });
  await expect(readAloud).toHaveAttribute('aria-checked', 'false');
  await readAloud.click();
  await more.click();
  await expect(readAloud).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitem', { name: decisionsText.panel.button }).click();
  const panel = page.getByRole('dialog', { name: decisionsText.panel.title });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(more).toBeFocused();
});
