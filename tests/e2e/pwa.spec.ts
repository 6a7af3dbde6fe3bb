import type { Page } from '@playwright/test';
import { offlineText, pwaText, USER_DATA_CACHE } from '../../src/contract/pwa.ts';
import { e2eServerUrl } from './paths.ts';
import { type BuildProxy, startBuildProxy } from './build-proxy.ts';
import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { showScheme } from './settled.ts';

// The service worker is what these journeys are about (the config blocks it elsewhere: decision 038).
test.use({ serviceWorkers: 'allow' });

/**
 * The installable app (issue 16, spec sections 4, 5 and 9): the service worker, the offline shell,
 * a new build picked up under the same origin, and the install offer on the chat welcome card.
 */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** A stand-in for the browser's install prompt, answered with `outcome`. */
async function offerInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((choice) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test('the service worker registers at /sw.js, controls the page, the page is installable and the shell opens offline', async ({ page, context }) => {
  await page.goto('/');
  expect(new URL(await controlledByWorker(page)).pathname).toBe('/sw.js');

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are off the record, which alone keeps Chromium from offering installation;
  // nothing else may stand in the way (bench/pwa.ts measures it in a real profile: no error at all).
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
  // A client route never visited opens from the cached shell too.
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test.describe('a new build served under the same origin', () => {
  // Each journey talks to the server through its own proxy (its own origin and service worker registration),
  // which serves a new /sw.js when told: no other journey running meanwhile sees that build.
  const buildTest = test.extend<{ buildProxy: BuildProxy }>({
    // eslint-disable-next-line no-empty-pattern
    buildProxy: async ({}, use) => {
      const proxy = await startBuildProxy(e2eServerUrl);
      await use(proxy);
      await proxy.close();
    },
    baseURL: async ({ buildProxy }, use) => use(buildProxy.url),
  });

  /** Counts the page's own loads (the first one and every reload). */
  function countLoads(page: Page): { readonly loads: number } {
    const counter = { loads: 0 };
    page.on('load', () => (counter.loads += 1));
    return counter;
  }

  const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { loadedBeforeUpdate: boolean }).loadedBeforeUpdate = true));
  const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { loadedBeforeUpdate?: boolean }).loadedBeforeUpdate === true).catch(() => false);
  /** What the page's 60 s check does, run now. */
  const checkForUpdate = (page: Page) => page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
  const activeWorkerActivated = (page: Page) =>
    page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, { timeout: 20_000 });

  buildTest('a tab opened before any worker existed is not reloaded when the first worker takes over, and reloads for the next build', async ({ page, buildProxy: proxy }) => {
    const counter = countLoads(page);
    await page.goto('/');
    await markPage(page);
    await controlledByWorker(page);
    await activeWorkerActivated(page);
    expect(await stillTheSamePage(page)).toBe(true);

    proxy.publishNewBuild();
    await checkForUpdate(page);
    // Installed, activated 2 s later, and the page reloads by itself.
    await expect.poll(() => stillTheSamePage(page), { timeout: 15_000 }).toBe(false);
    await controlledByWorker(page);
    await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
    // One reload in all: the new build's. The first worker's takeover, long before, reloaded nothing.
    expect(counter.loads).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('app_version'))).toMatch(/^[A-Za-z0-9_-]{6,}$/);
  });

  buildTest('a tab the previous worker controls picks up a new build and reloads by itself', async ({ page, buildProxy: proxy }) => {
    const counter = countLoads(page);
    await page.goto('/plans');
    await controlledByWorker(page);
    await page.reload();
    await controlledByWorker(page);
    await markPage(page);

    proxy.publishNewBuild();
    await checkForUpdate(page);
    await expect.poll(() => stillTheSamePage(page), { timeout: 15_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(counter.loads).toBe(3);
  });

  buildTest('a reply being written is never cut: the new build waits for it, says so, and loads once it finished', async ({ page, buildProxy: proxy }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    await controlledByWorker(page);
    await activeWorkerActivated(page);
    const c = chat(page);

    proxy.holdReplyStreams();
    await c.ask('How should I plan next year?');
    await c.waitForReplyStatus('streaming');
    await markPage(page);
    proxy.publishNewBuild();
    await checkForUpdate(page);
    // 2 s after it installed the new build takes over; the reply holds the reload, and the page says why.
    await expect(page.getByText(pwaText.updateReady.title)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(pwaText.updateReady.description)).toBeVisible();
    expect(await stillTheSamePage(page)).toBe(true);
    await expect(c.lastReply).toHaveAttribute('data-status', 'streaming');

    proxy.releaseReplyStreams();
    // The reply finishes on screen, then the new build loads.
    await expect.poll(() => stillTheSamePage(page), { timeout: 30_000 }).toBe(false);
    await c.waitForReplyStatus('complete');
    await expect(c.lastReply).toContainText('Questions for you');
  });
});

test('/chat offline keeps the conversation readable, pauses sending with a reason and recovers by itself', async ({ page, context }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await controlledByWorker(page);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('What should I watch this quarter?');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: offlineText.notice })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send message' })).toHaveAttribute('title', offlineText.sendDisabled);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(offlineText.notice)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
});

test.describe('install offer on the welcome card', () => {
  test('a captured install prompt shows Install app; accepting it clears the offer', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
    const install = page.getByRole('button', { name: 'Install app' });
    await expect(install).toHaveCount(0);
    await offerInstallPrompt(page, 'accepted');
    await expect(install).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('install-button-1280.png') });
    await install.click();
    await expect(install).toHaveCount(0);
  });

  test('dismissing the prompt keeps the offer', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/chat');
    await offerInstallPrompt(page, 'dismissed');
    await page.getByRole('button', { name: 'Install app' }).click();
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
  });

  test('running in standalone display mode hides the offer and remembers it is installed', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      // What an installed app's window reports; every other query is answered by the browser.
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ matches: true, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false } as MediaQueryList)
          : original(query);
    });
    await signUpViaApi(page);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
    await offerInstallPrompt(page, 'accepted');
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-installed'))).toBe('true');
  });
});

test.describe('on an iPhone at 390 px', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the welcome card gives the manual steps with the Share icon (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await signUpViaApi(page);
      await page.goto('/chat');
      const steps = page.getByRole('note', { name: /^Install .+ on your iPhone or iPad$/ });
      await expect(steps).toBeVisible();
      await expect(steps.getByRole('img', { name: 'Share' })).toBeVisible();
      await expect(steps).toContainText('Add to Home Screen');
      await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
      await steps.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`install-ios-390-${colorScheme}.png`) });
    });
  }
});

test.describe('offline, signed in (issue 29, point 5; decision 080)', () => {
  /** Signs up, has one conversation answered, and loads it once under the worker (what "already seen" means). */
  async function seenConversation(page: Page) {
    await signUpViaApi(page);
    await page.goto('/chat');
    await controlledByWorker(page);
    const c = chat(page);
    await c.ask('How should I price our new service line?');
    await c.waitForReplyStatus('complete');
    const sessionId = await c.sessionId();
    await page.reload();
    await expect(c.userMessages.first()).toHaveText(/How should I price our new service line\?/);
    return { c, sessionId };
  }

  test('a reload offline opens the app signed in, with the conversation readable, sending paused and the typed words kept; the landing and /plans render', async ({ page, context }) => {
    const { c } = await seenConversation(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
    await expect(c.userMessages.first()).toHaveText(/How should I price our new service line\?/);
    await expect(c.lastReply).toContainText('Questions for you');
    await expect(page.getByRole('status').filter({ hasText: offlineText.notice })).toBeVisible();
    for (const width of process.env.SHOTS_DIR ? [1280, 390] : []) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await showScheme(page, colorScheme);
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/chat-offline-${width}-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // The conversation is listed where the person left it (the recent conversations, for a Free account).
    await expect(page.getByRole('link', { name: /How should I price|price/i }).first()).toBeVisible();

    await c.input.fill('And what about the launch date?');
    await c.input.press('Enter');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(c.input).toHaveValue('And what about the launch date?');
    await expect(c.userMessages).toHaveCount(1);
    // A reload (still offline) gives the typed words back.
    await page.reload();
    await expect(c.userMessages.first()).toBeVisible();
    await expect(c.input).toHaveValue('And what about the launch date?');

    // The landing page does not claim the person is signed out.
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Return to App' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Return to App').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await context.setOffline(false);
  });

  test('after signing out, nothing of the account is served offline', async ({ page, context }) => {
    const { sessionId } = await seenConversation(page);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);

    await context.setOffline(true);
    await page.goto(`/chat?session=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('How should I price our new service line?')).toHaveCount(0);
    expect(await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, USER_DATA_CACHE)).toBe(0);
    await context.setOffline(false);
  });

  test('a session that ended without a sign-out (cookies gone) leaves nothing to read offline', async ({ page, context }) => {
    const { sessionId } = await seenConversation(page);
    await context.clearCookies();
    // Online, the server answers first: nobody is signed in, and the worker drops what it kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await context.setOffline(true);
    await page.goto(`/chat?session=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('How should I price our new service line?')).toHaveCount(0);
    await context.setOffline(false);
  });
});
