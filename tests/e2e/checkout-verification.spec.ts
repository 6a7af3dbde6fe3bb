import { expect, signUpViaApi, test, verificationLinkIn, waitForMail } from './fixtures.ts';

/**
 * Issue 29, point 3 (decision 057): /checkout says what is needed before the form. An unverified address gets
 * the notice with "Resend verification e-mail" instead of a billing address it could never submit; the
 * verify page brings the person back to checkout with the plan they chose, in whichever tab the link opened.
 */
test('an unverified account is told before the form, verifies from the mail in a new tab, and comes back to checkout on Yearly', async ({ page, context }) => {
  const user = await signUpViaApi(page, { firstName: 'Penny', lastName: 'Pending', verified: false });
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Yearly/ }).check({ force: true });

  const notice = page.getByRole('region', { name: 'Verify your email address to continue' });
  await expect(notice).toContainText(`Before you pay, we need to know ${user.email} is yours.`);
  await expect(page.getByRole('form', { name: 'Billing address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
  // The banner says the same thing: not twice on this page.
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

  // The signup has just sent a link: a resend right away is paced, and says so.
  await notice.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText('We just sent you a verification email. Please wait a minute before asking for another.')).toBeVisible();

  // The link opens in a new tab (no session storage of its own).
  const link = verificationLinkIn((await waitForMail(user.email)).text);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(mailTab.getByRole('link', { name: 'Continue to Chat' })).toBeVisible();
  await mailTab.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(mailTab).toHaveURL(/\/checkout\?plan=yearly$/);
  await expect(mailTab.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(mailTab.getByRole('form', { name: 'Billing address' })).toBeVisible();

  // A fresh tab at plain /checkout keeps Yearly too.
  const freshTab = await context.newPage();
  await freshTab.goto('/checkout');
  await expect(freshTab.getByRole('radio', { name: /Yearly/ })).toBeChecked();

  // And the first tab carries on by itself: the form replaces the notice, Yearly still chosen.
  await page.bringToFront();
  await expect(page.getByRole('form', { name: 'Billing address' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(page.getByText('Failed to initialize payment. Please try again.')).toHaveCount(0);
});
