import { expect, type Page, type Request } from '@playwright/test';

/** The chat screen as the journeys see it: by role and label, as a user would find things. */
export function chat(page: Page) {
  const input = page.getByRole('textbox', { name: 'Message' });
  const replies = page.getByTestId('assistant-message');
  return {
    input,
    replies,
    userMessages: page.getByTestId('user-message'),
    lastReply: replies.last(),
    async ask(question: string) {
      await input.fill(question);
      await input.press('Enter');
    },
    /** The id of the conversation shown, from the `session` query parameter. */
    async sessionId(): Promise<string> {
      await expect(page).toHaveURL(/[?&]session=[0-9a-f-]{36}/);
      return new URL(page.url()).searchParams.get('session')!;
    },
    async waitForReplyStatus(status: 'streaming' | 'complete' | 'stopped' | 'failed', timeout = 30_000) {
      await expect(replies.last()).toHaveAttribute('data-status', status, { timeout });
    },
    /** Until every reply shown has finished (the composer sends nothing while one streams). */
    async waitForNoReplyStreaming(timeout = 30_000) {
      await expect(replies.first()).toBeVisible({ timeout });
      await expect(page.locator('[data-status="streaming"]')).toHaveCount(0, { timeout });
    },
  };
}

/** Counts the page's reply streams (GET .../messages/{id}/stream) that are open: started and neither finished nor failed. */
export function openReplyStreams(page: Page): { readonly open: number } {
  const isStream = (url: string) => /\/messages\/[^/]+\/stream$/.test(new URL(url).pathname);
  const counter = { open: 0 };
  page.on('request', (request) => {
    if (isStream(request.url())) counter.open += 1;
  });
  const ended = (request: Request) => {
    if (isStream(request.url())) counter.open -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return counter;
}
