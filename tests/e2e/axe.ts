import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

const everyRule = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** In dark, what the scheme changes: colours (the structure was checked in light). */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Serious or critical axe findings, as readable lines: every WCAG 2.2 A/AA rule and best practice in light,
 * the colour rules in dark. With `schemes`, the page is switched to each (reduced motion) and back to light.
 */
export async function seriousViolations(page: Page, options: { include?: string; schemes?: readonly ('light' | 'dark')[] } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of options.schemes ?? [null]) {
    if (scheme) await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await settled(page);
    const builder = new AxeBuilder({ page });
    if (scheme === 'dark') builder.withRules(colourRules);
    else builder.withTags(everyRule);
    if (options.include) builder.include(options.include);
    const results = await builder.analyze();
    found.push(
      ...results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${scheme ? `${scheme} ` : ''}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  if (options.schemes) await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  return found;
}
