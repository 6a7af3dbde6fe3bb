import { authText } from '../../src/contract/auth.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

/**
 * Issue 29, point 18: a notice never covers the header's buttons, is opaque from its first frame, and on a
 * phone its close button is whole on screen.
 */
for (const width of [390, 1280]) {
  test(`a notice sits below the header, opaque, with its close button on screen (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpViaApi(page);
    await page.goto('/chat');
    // Every opacity the notice shows while it comes in, recorded in the page.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { noticeOpacities: number[] }).noticeOpacities = seen;
      const sample = () => {
        const toast = document.querySelector<HTMLElement>('[data-sonner-toast]');
        if (toast) seen.push(Number(getComputedStyle(toast).opacity));
        if (seen.length < 30) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const notice = page.locator('[data-sonner-toast]');
    await expect(notice).toContainText(authText.signedOut.description);
    const header = (await page.locator('header').first().boundingBox())!;
    // Once it has slid in (400 ms), it rests below the header.
    await expect.poll(async () => (await notice.boundingBox())!.y - (header.y + header.height)).toBeGreaterThanOrEqual(0);
    const close = (await notice.getByRole('button', { name: /close/i }).boundingBox())!;
    expect(close.x).toBeGreaterThanOrEqual(0);
    expect(close.y).toBeGreaterThanOrEqual(0);
    expect(close.x + close.width).toBeLessThanOrEqual(width);
    const opacities = await page.evaluate(() => (window as unknown as { noticeOpacities: number[] }).noticeOpacities);
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.every((opacity) => opacity === 1), `opacities while it came in: ${opacities.join(', ')}`).toBe(true);
  });
}
