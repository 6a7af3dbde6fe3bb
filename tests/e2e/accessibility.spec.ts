import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every public page, in light and dark, with the cookie banner showing (a first visit): axe must
 * find no serious or critical violation (WCAG 2.2 A and AA rules and best practices). The colour
 * scheme changes colours only, never the page's structure, so the dark pass runs the rules that
 * depend on colour; the light pass runs them all. (A full axe pass was a third of the e2e time.)
 */
test.use({ cookieConsent: null });

const publicPages = [
  ['/', 'A seasoned executive in your corner, whenever you need one.'],
  ['/plans', 'Simple plans for serious decisions'],
  ['/signup', 'Create Account - Free Tier'],
  ['/signin', 'Welcome Back'],
  ['/contact', 'Talk to a human'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/reset-password?token=x', 'Choose a New Password'],
  ['/no-such-page', 'Page Not Found'],
] as const;

test('the open upgrade dialog and mobile menu have no serious or critical violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/plans');
  await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible();
  expect(await seriousViolations(page, { schemes: ['light', 'dark'] })).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page, { schemes: ['light', 'dark'] })).toEqual([]);
});

test('every public page fits a 390 px phone and a 1280 px desktop without sideways scrolling', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [path] of publicPages) {
      await page.goto(path);
      await page.getByRole('heading').first().waitFor();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

// One test per page, each with its own time: axe in light, then in dark (the scheme is a CSS media query, so the page
// changes in place), then, back in light, every control walked with Tab. One page load for the three: a new page per check cost the
// run about a minute (decision 038).
for (const [path, heading] of publicPages) {
  test(`${path}: no serious or critical accessibility violation in light and dark; focus always visible, every control reachable with Tab`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your privacy, your choice' })).toBeVisible();
    // Each scheme once its colour transitions have ended (axe.ts): every rule in light, the colour rules in dark.
    await test.step('axe, light and dark', async () => expect(await seriousViolations(page, { schemes: ['light', 'dark'] })).toEqual([]));
    await test.step('Tab', async () => {
      const controls = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), textarea, select, summary, [tabindex]:not([tabindex="-1"])')]
          .filter((el) => el.tabIndex >= 0 && !el.closest('[aria-hidden="true"]') && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      // The page notes each control as Tab focuses it (a round trip per key, not two).
      await page.evaluate(() => {
        const seen: { html: string; visible: boolean }[] = [];
        (window as unknown as { focusedByTab: typeof seen }).focusedByTab = seen;
        document.addEventListener('keyup', (event) => {
          const el = document.activeElement as HTMLElement | null;
          if (event.key !== 'Tab' || !el || el === document.body) return;
          const style = getComputedStyle(el);
          const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          seen.push({ html: el.outerHTML.slice(0, 120), visible });
        });
      });
      for (let i = 0; i < controls.length + 5; i += 1) await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (window as unknown as { focusedByTab: { html: string; visible: boolean }[] }).focusedByTab);
      const reached = new Set(focused.map((info) => info.html));
      const unfocusedOutline = focused.filter((info) => !info.visible).map((info) => info.html);
      const unreachable = controls.filter((html) => !reached.has(html));
      expect(unreachable, `${path}: controls Tab never reached`).toEqual([]);
      expect(unfocusedOutline, `${path}: focused without a visible focus indicator`).toEqual([]);
    });
  });
}
