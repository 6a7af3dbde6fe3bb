import { authMessages } from '#contract/auth.ts';
import { expect, test } from './fixtures.ts';

/**
 * The page's Content-Security-Policy (no 'unsafe-eval') is never violated on the public pages
 * (issue 18, point 3; docs/decisions/035-performance-leftovers.md). zod v4 probes `new Function('')`
 * once, the first time an object schema is built, unless `jitless` is set: the probe is caught, but
 * Chromium reports it as a violation (Lighthouse's best-practices "Issues" audit on /signin). The entry
 * sets zod's jitless flag before any lazy chunk runs; this test fails if a chunk builds a schema first.
 */

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

test('the public pages with forms raise no CSP violation, before and after a form is submitted', async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });

  // Sanity: the policy is there, and forbids eval (otherwise nothing would be reported and the test would prove nothing).
  const response = await page.request.get('/signin');
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain('script-src');
  expect(policy).not.toContain('unsafe-eval');

  // Each page loaded from scratch (its own chunk order), the form parsed once (zod builds its parser lazily).
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authMessages.passwordRequired)).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

  for (const path of ['/signup', '/contact', '/', '/plans']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.__cspViolations), path).toEqual([]);
  }

  // And the listener does see what the policy refuses (so an empty list means something): an inline
  // script evaluating code, which the page's policy blocks, is reported.
  await page.goto('/signin');
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ content: "new Function('')" }).catch(() => undefined);
  await expect.poll(() => page.evaluate(() => window.__cspViolations.length)).toBeGreaterThan(0);
  // Chromium also logs that refusal as a console error: expected here, and only here.
  const refused = consoleErrors.filter((message) => message.includes('Content Security Policy'));
  expect(refused.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !refused.includes(message)));
});
