/** Every browser-storage key the app uses (spec section 3), in one place. */
export const localKeys = {
  cookieConsent: 'cookieConsent',
  testPremium: 'testPremium',
  pwaInstalled: 'pwa-installed',
  appVersion: 'app_version',
  /** The /chat conversation sidebar folded to its rail on large screens ('true'; decision 033). */
  chatSidebarCollapsed: 'chatSidebarCollapsed',
  /**
   * The plan of a checkout not yet paid ('monthly' or 'yearly'; decision 057). Session storage keeps the spec's
   * checkoutPlan per tab; the verification link opens in a new tab, which reads this to come back to checkout.
   */
  pendingCheckoutPlan: 'pendingCheckoutPlan',
} as const;

export const sessionKeys = {
  signupPlan: 'signupPlan',
  checkoutPlan: 'checkoutPlan',
  checkoutSource: 'checkoutSource',
  checkoutInProgress: 'checkoutInProgress',
  lastPage: 'lastPage',
  returnToChatUrl: 'returnToChatUrl',
  resetViewport: 'resetViewport',
  /** What is typed in the chat composer and not yet sent (kept across a reload; a sign-out removes it). */
  chatDraft: 'chatDraft',
  /** The id of the account whose verification banner was dismissed in this tab (issue 29, point 16). */
  verifyBannerDismissed: 'verifyBannerDismissed',
} as const;

/** Storage can throw (private mode, disabled cookies): a failed read is "not set", a failed write is ignored. */
export function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage unavailable: the app still works, the preference is just not kept.
  }
}
