import { DISPLAYED_MESSAGES } from '#contract/limits.ts';

/**
 * Spec section 4: only the latest 50 messages are shown ("performance mode"). Older ones are
 * revealed on request: first those already loaded, then pages fetched from the server.
 */
export function messageWindow<T>(messages: readonly T[], revealed: number, limit = DISPLAYED_MESSAGES) {
  const size = limit + revealed;
  const visible = messages.length > size ? messages.slice(messages.length - size) : messages.slice();
  return { visible, hiddenCount: messages.length - visible.length };
}

/** What "Load earlier messages" does next: reveal loaded ones, or fetch a page before the oldest. */
export function loadEarlierStep(hiddenCount: number, hasMore: boolean, limit = DISPLAYED_MESSAGES): { reveal: number } | { fetch: true } | null {
  if (hiddenCount > 0) return { reveal: Math.min(hiddenCount, limit) };
  if (hasMore) return { fetch: true };
  return null;
}
