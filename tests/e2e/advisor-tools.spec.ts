import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

/**
 * Issue 32 (decision 070): the advisor computes instead of estimating. The offline demo advisor goes
 * through the same tool path as a real model: it calls `calculate` with the question's figures, and the
 * reply shows the computed figure with the inputs it came from, a table and a chart, copyable as CSV.
 */
test('the advisor computes the runway and a revenue forecast: figures with their inputs, a chart, Copy CSV', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);

  await c.ask('We have $2.4M in cash and our net burn is $169K a month. What is our runway?');
  await c.waitForReplyStatus('complete');
  const runway = c.lastReply.getByTestId('tool-activity');
  await expect(runway).toContainText('Runway: 14.2 months');
  await expect(runway.getByTestId('calculation-inputs')).toHaveText('From cash 2,400,000, monthly net burn 169,000');
  // The reply's own text states the same figure, with its inputs.
  await expect(c.lastReply).toContainText('Computed from your figures: Runway: 14.2 months (from cash 2,400,000, monthly net burn 169,000).');
  await expect(runway.getByRole('img', { name: /Runway: line chart of Cash at end of month/ })).toBeVisible();

  await c.ask('Forecast our revenue of $2M growing 20% a year for the next 5 years.');
  await expect(c.replies).toHaveCount(2);
  await c.waitForReplyStatus('complete');
  const forecast = c.lastReply.getByTestId('tool-activity');
  await expect(forecast.getByRole('img', { name: /line chart of Downside, Base, Upside/ })).toBeVisible();
  await expect(forecast.getByRole('table')).toContainText('Upside');
  await forecast.getByRole('button', { name: 'Copy CSV' }).click();
  await expect(page.getByText('CSV copied')).toBeVisible();
  const csv = await page.evaluate(() => navigator.clipboard.readText());
  expect(csv.split('\r\n').slice(0, 3)).toEqual(['Year,Downside,Base,Upside', '0,2000000,2000000,2000000', '1,2300000,2400000,2500000']);
});
