import { expect, type Page, type Request } from '@playwright/test';

/** The chat screen as the journeys see it: by role and label, as a user would find things. */
export function chat(page: Page) {
  const input = page.getByRole('textbox', { name: 'Message' });
  const replies = page.getByTestId('assistant-message');
  const contextLine = page.getByRole('button', { name: / talking to / });
  return {
    input,
    /** The compact line over the composer ("Research Analyst talking to CEO · Technology"). */
    contextLine,
    /** Opens the three selectors behind the context line (issue 14, point 7), unless they are open. */
    async openContext() {
      if ((await contextLine.getAttribute('aria-expanded')) !== 'true') await contextLine.click();
      await expect(contextLine).toHaveAttribute('aria-expanded', 'true');
    },
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

/**
 * Records, in the page itself, every length the last reply shows while it is streaming, so a test
 * can tell that it grew as it streamed however slowly the test itself runs. Call after navigating.
 */
export async function recordStreamingLengths(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { streamingLengths: number[] }).streamingLengths = seen;
    new MutationObserver(() => {
      const reply = [...document.querySelectorAll('[data-testid="assistant-message"]')].at(-1);
      // The reply's text only: the header (badge) and the typing indicator come and go around it.
      const length = reply?.querySelector('[data-testid="reply-body"]')?.textContent?.length ?? 0;
      if (reply?.getAttribute('data-status') === 'streaming' && length !== seen.at(-1)) seen.push(length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { streamingLengths: number[] }).streamingLengths);
}

/**
 * Stops the reply, or leaves the page, the moment the last reply, still streaming, shows `text`.
 * It acts from inside the page (a real click on Stop, a real navigation), so it happens mid-reply
 * however slowly the test itself runs. Start it before asking, await it after.
 */
export async function whileStreaming(page: Page, text: string, action: 'stop' | 'escape' | 'leave'): Promise<void> {
  const acted = page.evaluate(
    ({ text, action }) =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const reply = [...document.querySelectorAll<HTMLElement>('[data-testid="assistant-message"]')].at(-1);
          if (reply?.dataset.status !== 'streaming' || !reply.textContent?.includes(text)) return;
          observer.disconnect();
          if (action === 'stop') document.querySelector<HTMLButtonElement>('button[aria-label="Stop reply"]')!.click();
          // The key as the browser delivers it to whatever has focus (the message box, after sending).
          else if (action === 'escape') (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
          else window.location.assign('about:blank');
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    { text, action },
  );
  if (action !== 'leave') return acted;
  // Leaving destroys the page's context, which may reject the evaluation: the navigation is what counts.
  await acted.catch(() => {});
  await page.waitForURL('about:blank');
}
