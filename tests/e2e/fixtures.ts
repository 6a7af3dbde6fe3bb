import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { SunkMail } from '../fakes/smtp-sink.ts';
import { e2eMailDir } from './paths.ts';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Waits for the SMTP sink to receive a message to `to` (written as JSON by tests/e2e/serve.ts). */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(e2eMailDir);
    } catch {
      // Not created until the first mail.
    }
    for (const file of files.sort()) {
      const mail = JSON.parse(readFileSync(path.join(e2eMailDir, file), 'utf8')) as SunkMail;
      if (mail.to.includes(to.toLowerCase())) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
}

/** Creates an account through the API (the same call the signup form makes) and signs the page in. */
export async function signUpViaApi(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail(), password: 'a long enough secret', ...overrides };
  const response = await page.request.post('/api/auth/signup', {
    data: { firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/**
 * Fails the test on any uncaught page error or console error the test did not expect.
 *
 * `cookieConsent`: the cookie choice a visitor already made ('false' = Essential Only by default), so
 * the consent banner does not cover the pages other journeys test. A signed-in user without a
 * choice adopts it. Tests of the banner itself use `test.use({ cookieConsent: null })`.
 */
export const test = base.extend<{ consoleErrors: string[]; cookieConsent: 'true' | 'false' | null }>({
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
