import { CONTACT_REDIRECT_DELAY_MS } from '../../src/contract/limits.ts';
import { contactMessages, contactNotices } from '../../src/contract/contact.ts';
import { appReady, expect, signUpViaApi, test, uniqueEmail, waitForMailWhere } from './fixtures.ts';

// These journeys answer requests with page.route, which a service worker would bypass (tests/e2e/README.md).
test.use({ serviceWorkers: 'block' });

/** The message the SMTP sink received with this subject (several tests write to the team address). */
const mailWithSubject = (subject: string) => waitForMailWhere((mail) => mail.subject.includes(subject), `with subject "${subject}"`);

test('the contact form shows every validation message of the spec and sends nothing', async ({ page }) => {
  let posted = 0;
  await page.route('**/api/contact', (route) => {
    posted += 1;
    return route.continue();
  });
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us - Corner Office');
  await page.getByLabel('Name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill('Hi');
  await page.getByLabel('Message').fill('Too short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(contactMessages.nameMin)).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText(contactMessages.subjectMin)).toBeVisible();
  await expect(page.getByText(contactMessages.messageMin)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);

  // Spaces alone do not count: the same trimmed rules as the API.
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(contactMessages.nameMin)).toBeVisible();
});

test('a valid message is sent, e-mailed to the team, confirmed with "Message sent!" and the visitor returns home after 1.5 s', async ({ page }) => {
  const email = uniqueEmail('contact');
  const subject = `Partnership idea ${Date.now()}`;
  // The page's clock is the test's: the 1.5 s before going home are counted exactly, not measured.
  await page.clock.install();
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Katherine Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Subject').fill(subject);
  const message = 'We run an accelerator for manufacturing start-ups and would like to offer Premium to our cohort.';
  await page.getByLabel('Message').fill(message);
  await expect(page.getByText(`${message.length} / 5000`)).toBeVisible();
  // Paused from here: only runFor moves the page's time (and its timers) on.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Message Sent' })).toBeDisabled();
  await page.clock.runFor(CONTACT_REDIRECT_DELAY_MS - 1);
  // The toaster is loaded with the first notice and shows it on a zero-delay timer: run the timers due until it is there.
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return page.getByText(contactNotices.sent).isVisible();
    })
    .toBe(true);
  await expect(page).toHaveURL(/\/contact$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/$/);

  const ours = await mailWithSubject(subject);
  expect(ours.to).toEqual(['team@example.com']);
  expect(ours.subject).toBe(`[Corner Office contact] ${subject}`);
  expect(ours.replyTo).toBe(email);
  expect(ours.text).toContain('Katherine Johnson');
});

test('a signed-in user finds their name and e-mail filled in', async ({ page }) => {
  const user = await signUpViaApi(page, { firstName: 'Dorothy', lastName: 'Vaughan' });
  await page.goto('/contact');
  await expect(page.getByLabel('Name')).toHaveValue('Dorothy Vaughan');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
});

test('a refusal from the server is shown with its reason and the form stays filled in', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, json: { error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limit:general' } }),
  );
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Mary Jackson');
  await page.getByLabel('Email').fill(uniqueEmail('limited'));
  await page.getByLabel('Subject').fill('Question about invoices');
  await page.getByLabel('Message').fill('Could you resend my last invoice please?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(contactNotices.failed)).toBeVisible();
  await expect(page.getByText('Too many requests. Please slow down and try again shortly.')).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Question about invoices');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('the contact form works with the keyboard alone', async ({ page }) => {
  await page.goto('/contact');
  await appReady(page);
  await page.getByLabel('Name').focus();
  await page.keyboard.type('Ada Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('kbd'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard only question');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Everything here was typed without a mouse.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(contactNotices.sent)).toBeVisible();
});
