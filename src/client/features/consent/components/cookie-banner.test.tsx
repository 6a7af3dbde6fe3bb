import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { COOKIE_CHOICE_ATTRIBUTE, SHELL_COOKIE_BANNER_ATTRIBUTE } from '#contract/cookie-choice-script.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { stubApi } from '#tests/helpers/fake-api.ts';
import { testUser } from '#tests/helpers/render.tsx';
import { CookieBanner } from './cookie-banner.tsx';

/** The copy of the banner the shell carries beside the root for an account that has not chosen (decision 046). */
function shellCopy(): HTMLElement {
  const copy = document.createElement('section');
  copy.setAttribute(SHELL_COOKIE_BANNER_ATTRIBUTE, '');
  copy.setAttribute('data-cookie-banner', '');
  copy.textContent = 'Your privacy, your choice';
  document.body.append(copy);
  return copy;
}

function renderBanner() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/chat' }).hook}>
        <CookieBanner />
      </Router>
    </QueryClientProvider>,
  );
}

describe('CookieBanner and the shell’s copy of it', () => {
  // jsdom has no ResizeObserver; the banner measures itself with one to keep room below the page.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    return () => vi.unstubAllGlobals();
  });

  it('keeps the copy until the account’s choice is known, then shows its own banner in its place', async () => {
    let answer: (user: unknown) => void = () => {};
    stubApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    const copy = shellCopy();
    renderBanner();
    // /api/auth/me has not answered: the copy painted by the shell stays, and the app shows nothing of its own.
    expect(copy.isConnected).toBe(true);
    expect(screen.queryByRole('button', { name: 'Accept All' })).toBeNull();

    answer(testUser({ cookiesAccepted: null, cookieConsentDate: null }));
    expect(await screen.findByRole('button', { name: 'Accept All' })).toBeEnabled();
    expect(copy.isConnected).toBe(false);
    expect(document.querySelectorAll('[data-cookie-banner]')).toHaveLength(1);
  });

  it('removes the copy and shows nothing for an account that has chosen, and only then drops the mark of a browser’s choice', async () => {
    let answer: ((user: unknown) => void) | undefined;
    stubApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    document.documentElement.setAttribute(COOKIE_CHOICE_ATTRIBUTE, 'false');
    const copy = shellCopy();
    renderBanner();
    // Until the choice is known the mark stays: it is what keeps the copy hidden (styles.css). The
    // account is asked for first (on a busy machine that can take longer than any fixed wait).
    await expect.poll(() => answer !== undefined).toBe(true);
    expect(document.documentElement.hasAttribute(COOKIE_CHOICE_ATTRIBUTE)).toBe(true);

    answer!(testUser({ cookiesAccepted: true, cookieConsentDate: new Date().toISOString() }));
    await expect.poll(() => copy.isConnected).toBe(false);
    await expect.poll(() => document.documentElement.hasAttribute(COOKIE_CHOICE_ATTRIBUTE)).toBe(false);
    expect(screen.queryByRole('region', { name: 'Your privacy, your choice' })).toBeNull();
  });
});
