import type { Page } from '@playwright/test';
import { appReady, expect, signUpViaApi, test } from './fixtures.ts';

// These journeys answer requests with page.route, which a service worker would bypass (tests/e2e/README.md).
test.use({ serviceWorkers: 'block' });

/**
 * Every button state of the landing page (spec section 2) for a visitor, a signed-in user without a
 * subscription, a subscriber and a user with a checkout in progress, and the 'Return to App' rules.
 */

const header = (page: Page) => page.getByRole('banner');
const hero = (page: Page) => page.getByRole('region', { name: 'A seasoned executive in your corner, whenever you need one.' });
const freeCard = (page: Page) => page.getByRole('article', { name: 'Free Tier' });
const premiumCard = (page: Page) => page.getByRole('article', { name: 'Premium' });
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/**
 * A subscriber cannot be made from the browser (the account type is set by billing), so this
 * answers /api/auth/me for a real signed-in user with appUserType 'subscriber': the landing page
 * only reads it to choose which buttons to show.
 */
async function actAsSubscriber(page: Page) {
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...user, appUserType: 'subscriber', isPremium: true } });
  });
}

test('a visitor sees Sign In, Sign Up, Get Started for Free, Get Started and Upgrade to Premium', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(header(page).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/plans');
  await expect(hero(page).getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/signup');
  await expect(freeCard(page).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(freeCard(page)).toContainText('$0');
  await expect(premiumCard(page)).toContainText('Best Value');
  await expect(premiumCard(page)).toContainText('$9.99');
  await premiumCard(page).getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible();
  await page.getByRole('button', { name: 'Not Now' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await hero(page).getByRole('link', { name: 'Get Started for Free' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create Account - Free Tier' })).toBeVisible();
});

test('a signed-in user without a subscription sees Return to App, Current Plan (disabled) and Upgrade to Premium', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/');
  await expect(header(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(hero(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(freeCard(page).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(premiumCard(page).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();

  // Not Premium: no latest-session lookup, straight to /chat.
  let lookups = 0;
  await page.route('**/api/users/*/latest-session', (route) => {
    lookups += 1;
    return route.continue();
  });
  await hero(page).getByRole('button', { name: 'Return to App' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  expect(lookups).toBe(0);
});

test('a Premium user who is not a subscriber (admin, VIP, test Premium) is never offered the upgrade', async ({ page }) => {
  // The e2e server honours the testPremium flag (ALLOW_TEST_PREMIUM is on with the demo provider).
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page);
  for (const path of ['/', '/plans']) {
    await page.goto(path);
    await expect(freeCard(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
    await expect(premiumCard(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Current Plan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  }
});

test('a subscriber sees Return to App on both plan cards', async ({ page }) => {
  await signUpViaApi(page);
  await actAsSubscriber(page);
  await page.goto('/');
  await expect(freeCard(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(premiumCard(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(premiumCard(page).getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Return to App' })).toBeVisible();
});

test('during a checkout in progress the header and hero offer Return to Checkout', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: /^Upgrade to .+ Premium$/ })).toBeVisible();
  expect(await session(page, 'checkoutInProgress')).toBe('true');

  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Return to Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(hero(page).getByRole('link', { name: 'Return to Checkout' })).toBeVisible();
  // The home page noted that the visitor came back from checkout, and records itself as the last page.
  await expect(page.getByText('Your Premium checkout is still open')).toBeVisible();
  await expect.poll(() => session(page, 'lastPage')).toBe('home');

  await hero(page).getByRole('link', { name: 'Return to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('Return to App honours a stored return URL only when it starts with /chat, and clears it', async ({ page }) => {
  await signUpViaApi(page);
  // A real conversation: a made-up id would be 'not found' and the chat screen would leave it at once.
  const created = await page.request.post('/api/chat-sessions', { data: { executiveRole: 'CEO', industry: 'Technology' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto('/');
  await page.evaluate((url) => sessionStorage.setItem('returnToChatUrl', url), `/chat?session=${id}`);
  await header(page).getByRole('button', { name: 'Return to App' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?session=${id}$`));
  expect(await session(page, 'returnToChatUrl')).toBeNull();
  expect(await session(page, 'resetViewport')).toBe('true');

  for (const unsafe of ['https://evil.example/chat', '/history', '//evil.example/chat', '/chatroom']) {
    await page.goto('/');
    await page.evaluate((url) => {
      sessionStorage.setItem('returnToChatUrl', url);
      sessionStorage.removeItem('resetViewport');
    }, unsafe);
    await header(page).getByRole('button', { name: 'Return to App' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    expect(await session(page, 'returnToChatUrl')).toBeNull();
    expect(await session(page, 'resetViewport')).toBeNull();
  }
});

test('Return to App resumes a Premium user’s latest conversation, and opens /chat when the lookup fails', async ({ page }) => {
  // Premium through the testPremium flag, which the e2e server honours (demo mode).
  await page.addInitScript(() => localStorage.setItem('testPremium', 'true'));
  const user = await signUpViaApi(page);
  const me = await (await page.request.get('/api/auth/me', { headers: { 'x-test-premium': 'true' } })).json();
  expect(me.isPremium).toBe(true);
  const created = await page.request.post('/api/chat-sessions', {
    headers: { 'x-test-premium': 'true' },
    data: { userId: me.id, executiveRole: 'CFO', industry: 'Retail', title: 'Second store' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const sessionId = ((await created.json()) as { id: string }).id;
  expect(user.email).toBe(me.email);

  await page.goto('/');
  await hero(page).getByRole('button', { name: 'Return to App' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?session=${sessionId}$`));

  // The lookup fails: logged with console.warn (not an error), and the user still gets to the app.
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/api/users/*/latest-session', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
  await page.goto('/');
  await hero(page).getByRole('button', { name: 'Return to App' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  expect(warnings.join('\n')).toContain('Could not look up the latest conversation');
});

test('Start a Conversation clears the stored plan, checkout and last page, and opens the app (sign-in first for visitors)', async ({ page }) => {
  // The lazy below-the-fold chunk is held until the end: the call to action must work before it arrives (decision 035).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/about-section-*.js', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto('/');
  await page.evaluate(() => {
    for (const [key, value] of Object.entries({ signupPlan: 'yearly', checkoutPlan: 'monthly', checkoutInProgress: 'true' })) sessionStorage.setItem(key, value);
  });
  // The prerendered page records itself once it has hydrated, which on a busy machine is after the load event.
  await expect.poll(() => session(page, 'lastPage')).toBe('home');
  await page.getByRole('button', { name: 'Start a Conversation' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fchat$/);
  const stored = await page.evaluate(() => ['signupPlan', 'checkoutPlan', 'checkoutInProgress', 'lastPage'].map((k) => sessionStorage.getItem(k)));
  expect(stored).toEqual([null, null, null, null]);
  release();
});

test('the header anchors lead to their sections and the logo scrolls back to the top', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, id] of [
    ['Features', 'features'],
    ['Pricing', 'pricing'],
    ['About', 'about'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await page.getByRole('link', { name: 'Corner Office' }).first().click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/$/);

  // From another page, /#pricing lands on the section.
  await page.goto('/#pricing');
  await expect(page.locator('#pricing')).toBeInViewport();
});

test('the landing page works with the keyboard alone: skip link, anchors and the upgrade dialog', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Tab on to the Premium card's button and open the dialog with Enter.
  const upgrade = premiumCard(page).getByRole('button', { name: 'Upgrade to Premium' });
  for (let i = 0; i < 40 && !(await upgrade.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(upgrade).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(dialog.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(upgrade).toBeFocused();
});
