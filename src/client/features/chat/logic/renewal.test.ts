import { describe, expect, it } from 'vitest';
import { isOutOfInteractions } from './chat-rules.ts';
import { renewalPhrase } from './renewal.ts';

describe('the free limit (issue 14, defect 7)', () => {
  it('is reached by free accounts at their limit only', () => {
    expect(isOutOfInteractions({ isPremium: false, interactionsUsed: 5, interactionsLimit: 5 })).toBe(true);
    expect(isOutOfInteractions({ isPremium: false, interactionsUsed: 4, interactionsLimit: 5 })).toBe(false);
    expect(isOutOfInteractions({ isPremium: true, interactionsUsed: 9, interactionsLimit: -1 })).toBe(false);
    expect(isOutOfInteractions(undefined)).toBe(false);
  });

  it("says when the interactions renew in the reader's own day and time", () => {
    const now = new Date('2026-11-24T21:30:00Z');
    const midnightUtc = '2026-11-25T00:00:00.000Z';
    expect(renewalPhrase(midnightUtc, now, 'UTC')).toBe('tomorrow at 12:00 AM');
    // West of UTC, UTC midnight is still this evening.
    expect(renewalPhrase(midnightUtc, now, 'America/New_York')).toBe('today at 7:00 PM');
    // East of UTC, it is tomorrow morning, and past local midnight it is "today".
    expect(renewalPhrase(midnightUtc, now, 'Europe/Berlin')).toBe('tomorrow at 1:00 AM');
    expect(renewalPhrase(midnightUtc, new Date('2026-11-24T23:30:00Z'), 'Europe/Berlin')).toBe('today at 1:00 AM');
    expect(renewalPhrase('not a date', now, 'UTC')).toBe('tomorrow');
  });
});
