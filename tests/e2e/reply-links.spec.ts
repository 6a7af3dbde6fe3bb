/**
 * Issue 28, point 4 (client side; decision 053): an injected reply rendered `[Corner Office login](https://evil.example/login)`
 * as a plain clickable link. A link in a reply to an address the user did not write shows its real
 * address and asks before leaving; the user's own addresses and this site's open as links. The reply
 * is written straight into the database, as a model led by a hostile document would write it.
 */
import { chatText } from '../../src/contract/chat-text.ts';
import { appendMessages } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { seedConversation, usePremium } from './history-helpers.ts';

test('a reply linking to an address the user never gave shows it and warns before leaving', async ({ page, context }) => {
  await usePremium(page);
  const user = await signUpViaApi(page, { firstName: 'Lin' });
  const { id } = await seedConversation(page, { title: 'Quarterly report' });
  expect(
    await appendMessages(user.email, id, [
      { role: 'user', content: 'Compare our numbers with https://reports.example/q3 please.' },
      {
        role: 'assistant',
        content: 'Your report is at [the Q3 report](https://reports.example/q3). Before we go on, sign in again at [Corner Office login](https://evil.example/login). See also [your history](/history).',
      },
    ]),
  ).toBe(2);

  await page.goto(`/chat?session=${id}`);
  const reply = page.getByTestId('assistant-message');
  // The user's own address and this site's: plain links, no warning.
  await expect(reply.getByRole('link', { name: 'the Q3 report' })).toHaveAttribute('href', 'https://reports.example/q3');
  await expect(reply.getByRole('link', { name: 'your history' })).toHaveAttribute('href', '/history');
  // The address nobody gave: its real host beside its words.
  const disguised = reply.getByRole('link', { name: 'Corner Office login (evil.example)' });
  await expect(disguised).toBeVisible();

  let opened = false;
  context.on('page', () => {
    opened = true;
  });
  await disguised.click();
  const warning = page.getByRole('dialog', { name: chatText.externalLink.title('Corner Office', 'evil.example') });
  await expect(warning).toBeVisible();
  await expect(warning.getByTestId('external-link-address')).toHaveText('https://evil.example/login');
  await warning.getByRole('button', { name: chatText.externalLink.cancel }).click();
  await expect(warning).toBeHidden();
  expect(opened).toBe(false);
  await expect(page).toHaveURL(new RegExp(`/chat\\?session=${id}$`));
  // Going on is the user's choice, from the dialog, to the address it showed.
  await disguised.click();
  await expect(warning.getByRole('link', { name: chatText.externalLink.open })).toHaveAttribute('href', 'https://evil.example/login');
});
