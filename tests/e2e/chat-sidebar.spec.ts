import type { Page } from '@playwright/test';
import { chatText, chatValidation } from '../../src/contract/chat.ts';
import { historyText, sidebarText } from '../../src/contract/history.ts';
import { chat } from './chat-helpers.ts';
import { seedConversations } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { createConversation, usePremium } from './history-helpers.ts';

/** The conversation sidebar of /chat (issue 14, point 2; decision 033), found by role and label as a user finds it. */
function sidebar(page: Page) {
  const column = page.getByRole('complementary', { name: sidebarText.label });
  const list = page.getByRole('navigation', { name: sidebarText.label });
  return {
    column,
    list,
    search: page.getByRole('searchbox', { name: 'Search conversations' }),
    link: (title: string) => list.getByRole('link', { name: title, exact: true }),
    group: (label: string) => list.getByRole('region', { name: label, exact: true }),
    actions: (title: string) => list.getByRole('button', { name: sidebarText.actions(title), exact: true }),
    renameInput: list.getByRole('textbox', { name: sidebarText.renameLabel }),
  };
}

/** Calls for the conversation list (GET /api/users/:id/chat-sessions), counted as the page makes them. */
function recordListCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/users\/[^/]+\/chat-sessions/.test(request.url())) calls.push(request.url());
  });
  return calls;
}

test('a premium user finds, renames, deletes and folds away conversations in the chat sidebar', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await usePremium(page);
  const user = await signUpViaApi(page, { firstName: 'Amara' });
  // A conversation a minute old and one 40 days back; then two titled by the server from their first
  // question (the demo advisor makes a short phrase of it), newer still.
  expect(await seedConversations(user.email, 2, 24 * 40)).toBe(2);
  const pricing = await createConversation(page, { questions: ['Narwhal pricing review?'] });
  await createConversation(page, { questions: ['Supplier terms?'], executiveRole: 'COO', industry: 'Manufacturing' });

  await page.goto(`/chat?session=${pricing}`);
  const s = sidebar(page);
  await expect(s.column).toBeVisible();
  // The conversation keeps most of the screen: the column is 288 px.
  expect((await s.column.boundingBox())!.width).toBe(288);
  await expect(s.search).toHaveAttribute('placeholder', historyText.searchPlaceholder);
  await expect(s.column.getByRole('button', { name: sidebarText.newConversation })).toBeVisible();

  // Grouped by day, newest first, the open one marked as the current page.
  await expect(s.group('Today').getByRole('link')).toHaveText(['Supplier terms', 'Narwhal pricing review', 'Seeded conversation 1']);
  await expect(s.group('Older').getByRole('link')).toHaveText(['Seeded conversation 2']);
  await expect(s.link('Narwhal pricing review')).toHaveAttribute('aria-current', 'page');
  await expect(s.list.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByTestId('conversation-title')).toHaveText('Narwhal pricing review');

  // Search narrows the list; clearing it brings everything back.
  await s.search.fill('supplier');
  await expect(s.list.getByRole('link')).toHaveText(['Supplier terms']);
  await s.search.fill('nothinglikethisanywhere');
  await expect(s.list.getByText(historyText.noMatchesTitle)).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(s.list.getByRole('link')).toHaveCount(4);

  // Rename in place: a blank title is refused with the rule, Esc cancels, Enter saves.
  await s.actions('Narwhal pricing review').click();
  await page.getByRole('menuitem', { name: sidebarText.rename }).click();
  await expect(s.renameInput).toBeFocused();
  await expect(s.renameInput).toHaveValue('Narwhal pricing review');
  await s.renameInput.fill('   ');
  await s.renameInput.press('Enter');
  await expect(s.list.getByRole('alert')).toHaveText(chatValidation.titleInvalid);
  await expect(s.renameInput).toHaveAttribute('aria-invalid', 'true');
  await s.renameInput.press('Escape');
  await expect(s.renameInput).toBeHidden();
  await expect(s.link('Narwhal pricing review')).toBeVisible();
  await expect(s.actions('Narwhal pricing review')).toBeFocused();

  await s.actions('Narwhal pricing review').click();
  await page.getByRole('menuitem', { name: sidebarText.rename }).click();
  await s.renameInput.fill('Narwhal tier: price it on value');
  await s.renameInput.press('Enter');
  await expect(s.link('Narwhal tier: price it on value')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('conversation-title')).toHaveText('Narwhal tier: price it on value');
  await expect(page.getByText(sidebarText.renamed.title)).toBeVisible();
  // It is the server's now: it stays after a reload, in the list and in the header.
  await page.reload();
  await expect(s.link('Narwhal tier: price it on value')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('conversation-title')).toHaveText('Narwhal tier: price it on value');

  // Delete asks first; Cancel keeps it.
  await s.actions('Supplier terms').click();
  await page.getByRole('menuitem', { name: sidebarText.delete }).click();
  const dialog = page.getByRole('dialog', { name: historyText.confirmDelete.title });
  await expect(dialog).toContainText(historyText.confirmDelete.description('Supplier terms'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(s.link('Supplier terms')).toBeVisible();
  await s.actions('Supplier terms').click();
  await page.getByRole('menuitem', { name: sidebarText.delete }).click();
  await dialog.getByRole('button', { name: historyText.confirmDelete.confirm, exact: true }).click();
  await expect(s.link('Supplier terms')).toHaveCount(0);
  await expect(page.getByText(historyText.deleted.title)).toBeVisible();
  // Deleting another conversation leaves the open one open.
  await expect(page).toHaveURL(new RegExp(`session=${pricing}`));

  // Deleting the open conversation starts a new one.
  await s.actions('Narwhal tier: price it on value').click();
  await page.getByRole('menuitem', { name: sidebarText.delete }).click();
  await dialog.getByRole('button', { name: historyText.confirmDelete.confirm, exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('conversation-title')).toHaveText(chatText.newConversationTitle);
  await expect(s.list.getByRole('link')).toHaveText(['Seeded conversation 1', 'Seeded conversation 2']);
  await expect(s.list.locator('[aria-current="page"]')).toHaveCount(0);

  // A new conversation joins the top of the list after its first message, and takes its title when the server writes it.
  const c = chat(page);
  await c.ask('Warehouse robotics budget?');
  await c.waitForReplyStatus('complete');
  await expect(s.group('Today').getByRole('link').first()).toHaveText('Warehouse robotics budget', { timeout: 20_000 });
  await expect(s.link('Warehouse robotics budget')).toHaveAttribute('aria-current', 'page');

  // Choosing another conversation opens it.
  await s.link('Seeded conversation 1').click();
  await expect(s.link('Seeded conversation 1')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('conversation-title')).toHaveText('Seeded conversation 1');

  // Folded away, it stays folded after a reload; the shortcut (listed under "?") unfolds it.
  await s.column.getByRole('button', { name: sidebarText.collapse }).click();
  await expect(s.search).toBeHidden();
  const expand = page.getByRole('button', { name: sidebarText.expand });
  await expect(expand).toBeFocused();
  await page.reload();
  await expect(expand).toBeVisible();
  await expect(s.search).toBeHidden();
  await page.locator('body').press('?');
  await expect(page.getByTestId('shortcut-list')).toContainText('Show or hide the conversations sidebar');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+Period');
  await expect(s.search).toBeVisible();
  await page.keyboard.press('Control+Shift+Period');
  await expect(s.search).toBeHidden();
});

test('on a phone the sidebar is a drawer from the header that closes once a conversation is chosen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await usePremium(page);
  const user = await signUpViaApi(page, { firstName: 'Tomas' });
  expect(await seedConversations(user.email, 3, 1)).toBe(3);

  await page.goto('/chat');
  const s = sidebar(page);
  // No column beside the conversation on a phone.
  await expect(s.search).toHaveCount(0);
  const open = page.getByRole('button', { name: sidebarText.open });
  await open.click();
  const drawer = page.getByRole('dialog', { name: sidebarText.label });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(352);
  await expect(s.list.getByRole('link')).toHaveText(['Seeded conversation 1', 'Seeded conversation 2', 'Seeded conversation 3']);
  // On a phone the drawer holds the way to the full history (the header leaves its room to the title).
  await expect(drawer.getByRole('link', { name: sidebarText.openHistory })).toHaveAttribute('href', '/history');

  // Focus stays inside; Esc closes and gives focus back to the header's button.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();

  // The backdrop closes it too.
  await open.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(380, 400);
  await expect(drawer).toBeHidden();

  // Choosing a conversation opens it and closes the drawer.
  await open.click();
  await s.link('Seeded conversation 2').click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/[?&]session=[0-9a-f-]{36}/);
  await expect(page.getByTestId('conversation-title')).toHaveText('Seeded conversation 2');
  await open.click();
  await expect(s.link('Seeded conversation 2')).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('button', { name: sidebarText.close }).click();
  await expect(drawer).toBeHidden();
});

test('a standard user sees the upgrade prompt in the sidebar and the list is never asked for', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const listCalls = recordListCalls(page);
  await signUpViaApi(page, { firstName: 'Lena' });

  await page.goto('/chat');
  const s = sidebar(page);
  await expect(s.column.getByRole('heading', { name: historyText.upgradeTitle })).toBeVisible();
  await expect(s.column).toContainText(historyText.upgradeText);
  await expect(s.search).toHaveCount(0);
  await s.column.getByRole('button', { name: sidebarText.upgradeButton }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // The same on a phone, in the drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: sidebarText.open }).click();
  const drawer = page.getByRole('dialog', { name: sidebarText.label });
  await expect(drawer.getByRole('heading', { name: historyText.upgradeTitle })).toBeVisible();
  await page.keyboard.press('Escape');

  // A conversation started and answered: still nothing asked of the history list.
  const c = chat(page);
  await c.ask('Quick hiring question?');
  await c.waitForReplyStatus('complete');
  expect(listCalls).toEqual([]);
});
