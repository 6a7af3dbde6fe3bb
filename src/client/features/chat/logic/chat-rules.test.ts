import { describe, expect, it } from 'vitest';
import { errorCatalog, upgradeErrorCodes } from '#contract/errors.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { canChangeContext, hasConversationStarted, isExecutiveLocked, isSavedDefault, isUpgradeError, nextFeedback, startingContext } from './chat-rules.ts';

const premiumUser = { isPremium: true, defaultUserRole: 'CFO', defaultExecutiveRole: 'CTO', defaultIndustry: 'Energy' };

describe('role locks', () => {
  it('locks all but CEO, CFO and CHRO for free users', () => {
    expect(['CEO', 'CFO', 'CHRO'].map((r) => isExecutiveLocked(r, false))).toEqual([false, false, false]);
    expect(isExecutiveLocked('CTO', false)).toBe(true);
    expect(isExecutiveLocked('CTO', true)).toBe(false);
  });

  it('free users keep their context once a non-system message exists', () => {
    expect(hasConversationStarted([{ role: 'system' }])).toBe(false);
    expect(hasConversationStarted([{ role: 'system' }, { role: 'user' }])).toBe(true);
    expect(canChangeContext(false, true)).toBe(false);
    expect(canChangeContext(false, false)).toBe(true);
    expect(canChangeContext(true, true)).toBe(true);
  });
});

describe('startingContext', () => {
  it('uses the product defaults without saved ones', () => {
    expect(startingContext(null)).toEqual({ userRole: 'Research Analyst', executiveRole: 'CEO', industry: 'Technology' });
    expect(startingContext({ ...premiumUser, defaultUserRole: null, defaultExecutiveRole: null, defaultIndustry: null })).toEqual({
      userRole: 'Research Analyst',
      executiveRole: 'CEO',
      industry: 'Technology',
    });
  });
  it("uses a premium user's saved defaults", () => {
    expect(startingContext(premiumUser)).toEqual({ userRole: 'CFO', executiveRole: 'CTO', industry: 'Energy' });
  });
  it('ignores saved defaults on a free account and unknown values', () => {
    expect(startingContext({ ...premiumUser, isPremium: false }).executiveRole).toBe('CEO');
    expect(startingContext({ ...premiumUser, defaultIndustry: 'Pirates' }).industry).toBe('Technology');
  });
  it('knows when the context is the saved default', () => {
    expect(isSavedDefault({ userRole: 'CFO', executiveRole: 'CTO', industry: 'Energy' }, premiumUser)).toBe(true);
    expect(isSavedDefault({ userRole: 'CFO', executiveRole: 'CEO', industry: 'Energy' }, premiumUser)).toBe(false);
  });
});

describe('nextFeedback', () => {
  it('like, dislike and pressing again to clear', () => {
    expect(nextFeedback({ like: null, dislike: null }, 'like')).toEqual({ like: 1, dislike: null });
    expect(nextFeedback({ like: 1, dislike: null }, 'like')).toEqual({ like: null, dislike: null });
    expect(nextFeedback({ like: 1, dislike: null }, 'dislike')).toEqual({ like: null, dislike: -1 });
    expect(nextFeedback({ like: null, dislike: -1 }, 'dislike')).toEqual({ like: null, dislike: null });
  });
});

describe('isUpgradeError', () => {
  it('decides by the API error code, never by the text', () => {
    for (const code of upgradeErrorCodes) expect(isUpgradeError(new ApiError(403, 'any words', code)), code).toBe(true);
    expect(isUpgradeError(new ApiError(429, errorCatalog['rate_limit:general'].message, 'rate_limit:general'))).toBe(false);
    // The words alone decide nothing: a message that mentions the limit without the code is not an upgrade.
    expect(isUpgradeError(new ApiError(500, errorCatalog['rate_limit:interactions'].message))).toBe(false);
    expect(isUpgradeError(new Error(errorCatalog['rate_limit:interactions'].message))).toBe(false);
    expect(isUpgradeError('rate_limit:interactions')).toBe(false);
  });
});
