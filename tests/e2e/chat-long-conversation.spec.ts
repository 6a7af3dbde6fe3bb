import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

test('a long conversation shows its latest 50 messages, and the earlier ones on request', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page);
  const premium = { 'x-test-premium': 'true' };

  // One exchange, then 50 context changes (each leaves a system note): 52 messages in all.
  const session = await (await page.request.post('/api/chat-sessions', { data: { executiveRole: 'CEO', industry: 'Technology' }, headers: premium })).json();
  expect((await page.request.post(`/api/chat-sessions/${session.id}/messages`, { data: { content: 'Where do we start?', role: 'user' }, headers: premium })).status()).toBe(201);
  for (let i = 0; i < 50; i++) {
    const industry = i % 2 === 0 ? 'Energy' : 'Technology';
    const response = await page.request.put(`/api/chat-sessions/${session.id}/context`, { data: { industry }, headers: premium });
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.goto(`/chat?session=${session.id}`);
  const c = chat(page);
  await expect(page.getByText(/Performance mode/)).toBeVisible();
  await expect(page.getByTestId('system-message')).toHaveCount(50);
  await expect(c.userMessages).toHaveCount(0);

  await page.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(c.userMessages).toHaveCount(1);
  await expect(c.userMessages).toContainText('Where do we start?');
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  await expect(page.getByTestId('system-message')).toHaveCount(50);
});
