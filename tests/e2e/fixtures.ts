import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { SunkMail } from '../fakes/smtp-sink.ts';
import { deleteUsers, markEmailVerified } from './control.ts';
import { e2eMailDir } from './paths.ts';

/** The e-mails the current test may have signed up with (one test at a time runs in a worker): deleted after it. */
const createdEmails = new Set<string>();
let counter = 0;

/**
 * A fresh address for a test user. Every account a test creates, through the API or a form, uses
 * one: the `testUsers` fixture deletes them all after the test, and the run checks none is left.
 */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  const email = `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
  createdEmails.add(email);
  return email;
}

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Waits for the SMTP sink to receive a message that `matches` (the sink writes each as JSON, see tests/e2e/serve.ts). */
export async function waitForMailWhere(matches: (mail: SunkMail) => boolean, what: string, timeoutMs = 15_000): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(e2eMailDir);
        } catch {
          // Not created until the first mail.
        }
        found = files
          .sort()
          .map((file) => JSON.parse(readFileSync(path.join(e2eMailDir, file), 'utf8')) as SunkMail)
          .find(matches);
        return found !== undefined;
      },
      { message: `an e-mail ${what}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/**
 * Waits until the app has hydrated the prerendered page it opened (docs/decisions/043-paint-before-the-app.md).
 * A prerendered page is on screen before its app: its buttons take no pointer press until then, which
 * Playwright's clicks already wait for, but a key press on a focused button would be lost, as it would be
 * for a visitor. Journeys driven by the keyboard alone call this first, as a visitor waits for the page.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

/** The verification link (decision 017) in an e-mail's text. */
export function verificationLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no verification link in: ${text}`);
  return link;
}

/** Waits for the SMTP sink to receive a message to `to`. */
export function waitForMail(to: string, timeoutMs?: number): Promise<SunkMail> {
  return waitForMailWhere((mail) => mail.to.includes(to.toLowerCase()), `to ${to}`, timeoutMs);
}

/**
 * Creates an account through the API (the same call the signup form makes) and signs the page in.
 * The address counts as verified (as if the mailed link had been followed) unless `verified: false`.
 */
export async function signUpViaApi(page: Page, overrides: Partial<TestUser> & { verified?: boolean } = {}): Promise<TestUser> {
  const { verified = true, ...fields } = overrides;
  const user: TestUser = { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail(), password: 'a long enough secret', ...fields };
  createdEmails.add(user.email);
  const response = await page.request.post('/api/auth/signup', {
    data: { firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (verified) expect(await markEmailVerified(user.email)).toBe(1);
  return user;
}

/**
 * Fails the test on any uncaught page error or console error the test did not expect.
 *
 * `cookieConsent`: the cookie choice a visitor already made ('false' = Essential Only by default), so
 * the consent banner does not cover the pages other journeys test. A signed-in user without a
 * choice adopts it. Tests of the banner itself use `test.use({ cookieConsent: null })`.
 */
export const test = base.extend<{ consoleErrors: string[]; cookieConsent: 'true' | 'false' | null; testUsers: void }>({
  /** After each test (and after its browser closed), the users it created are deleted with everything they own. */
  testUsers: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      const emails = [...createdEmails];
      createdEmails.clear();
      if (emails.length > 0) await deleteUsers(emails);
    },
    { auto: true },
  ],
  cookieConsent: ['false', { option: true }],
  page: async ({ page, cookieConsent }, use) => {
    if (cookieConsent !== null) {
      await page.addInitScript((value) => {
        if (window.localStorage.getItem('cookieConsent') === null) window.localStorage.setItem('cookieConsent', value);
      }, cookieConsent);
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // Failed API calls the app handles (401 from /api/auth/me when signed out) are logged by the browser itself.
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
