import type { Page } from '@playwright/test';
import { verificationText } from '../../src/contract/auth-text.ts';
import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { showScheme } from './settled.ts';

/**
 * The conversation gets the room on /chat (issue 29, point 16): a compact composer (its controls in one row,
 * a textarea of one line that grows) and the verification banner as one slim line that can be dismissed
 * for the session. Measured with the banner shown, on a Free account (its usage bar shown too).
 */
const shots = process.env.SHOTS_DIR;

async function heights(page: Page) {
  return page.evaluate(() => {
    const height = (selector: string) => Math.round(document.querySelector(selector)?.getBoundingClientRect().height ?? 0);
    return {
      transcript: height('main#main'),
      banner: height('section[aria-label="Email verification"]'),
      composer: height('section[aria-label="Ask your advisor"]'),
    };
  });
}

for (const { name, viewport, minTranscript, maxComposer, maxBanner } of [
  // Before (2026-12-02): transcript 519 px, composer area 276 px, banner 49 px at 1280x900; 445, 245 and 97 px at 390x844.
  { name: 'desktop 1280x900', viewport: { width: 1280, height: 900 }, minTranscript: 620, maxComposer: 190, maxBanner: 40 },
  { name: 'phone 390x844', viewport: { width: 390, height: 844 }, minTranscript: 540, maxComposer: 190, maxBanner: 40 },
] as const) {
  test.describe(`/chat at ${name}`, () => {
    test.use({ viewport });

    test('the transcript has the room, the composer is compact and the verification banner is one slim line that can be put away', async ({ page }) => {
      await signUpViaApi(page, { verified: false });
      await page.goto('/chat');
      const c = chat(page);
      await c.ask('How should I price our new service line?');
      await c.waitForReplyStatus('complete');
      const banner = page.getByRole('region', { name: 'Email verification' });
      await expect(banner).toContainText(verificationText.resend);

      const shown = await heights(page);
      console.log(name, JSON.stringify(shown));
      expect(shown.banner).toBeLessThanOrEqual(maxBanner);
      expect(shown.composer).toBeLessThanOrEqual(maxComposer);
      expect(shown.transcript).toBeGreaterThanOrEqual(minTranscript);
      for (const scheme of ['light', 'dark'] as const) {
        // The colours ease over; the picture is taken once they have.
        await showScheme(page, scheme);
        if (shots) await page.screenshot({ path: `${shots}/chat-${viewport.width}-${scheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // A long question grows the textarea from its one line, up to its cap.
      const oneLine = (await c.input.boundingBox())!.height;
      await c.input.fill('A question\nwith\nseveral\nlines');
      await expect.poll(async () => (await c.input.boundingBox())!.height).toBeGreaterThan(oneLine * 2);
      await c.input.fill('');
      await expect.poll(async () => Math.round((await c.input.boundingBox())!.height)).toBe(Math.round(oneLine));

      // Dismissed, the banner stays away for the session (a reload), and the transcript takes its room.
      await banner.getByRole('button', { name: verificationText.dismiss }).click();
      await expect(banner).toHaveCount(0);
      await page.reload();
      await expect(c.userMessages.first()).toBeVisible();
      await expect(banner).toHaveCount(0);
      expect((await heights(page)).transcript).toBeGreaterThan(shown.transcript);
    });
  });
}
