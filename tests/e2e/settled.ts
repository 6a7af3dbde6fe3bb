import type { Page } from '@playwright/test';

/**
 * Waits until every finite animation and CSS transition of the page has ended (infinite ones, such as a
 * spinner, are left running), then one more frame. After a colour-scheme switch the buttons' colour
 * transitions run for a moment: axe measuring contrast halfway through one reports colours no user sees,
 * and a screenshot taken then shows them.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    // A section below the fold is not rendered until it nears the viewport (content-visibility: auto, the
    // `render-when-near` utility): its transitions do not run meanwhile, so they are taken to their end,
    // which is what the user sees on scrolling there.
    for (const animation of finite) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target && !target.checkVisibility({ contentVisibilityAuto: true })) animation.finish();
    }
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Switches the colour scheme and waits for its colours to ease over: what a screenshot or a contrast check sees. */
export async function showScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await settled(page);
}
