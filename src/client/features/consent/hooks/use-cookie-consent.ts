import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUser } from '#client/lib/session.ts';
import { localKeys, readStorage, writeStorage } from '#client/lib/storage-keys.ts';
import { useCookieConsentQuery, useSaveCookieConsent } from '../api/cookie-consent.ts';

const CHANGE_EVENT = 'cookie-consent-change';

function readVisitorChoice(): boolean | null {
  const value = readStorage('local', localKeys.cookieConsent);
  return value === 'true' ? true : value === 'false' ? false : null;
}

function subscribeVisitorChoice(onChange: () => void): () => void {
  // 'storage' covers other tabs; the custom event covers this one.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function writeVisitorChoice(accepted: boolean): void {
  writeStorage('local', localKeys.cookieConsent, String(accepted));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export interface CookieConsentState {
  /** False while the session or the stored choice is still loading: show nothing yet. */
  ready: boolean;
  /** true: Accept All; false: Essential Only; null: no choice yet (the banner shows). */
  accepted: boolean | null;
  /** A choice made in this browser before signing in, which a signed-in user without one adopts. */
  visitorChoice: boolean | null;
  /** The signed-in user's own stored choice (null when none or signed out). */
  serverChoice: boolean | null;
  signedIn: boolean;
  choose: (accepted: boolean) => Promise<void>;
}

/**
 * Spec section 4: visitors keep their choice in localStorage ('true' / 'false'); signed-in users
 * on the server (GET / POST /api/cookie-consent). A signed-in user who has not chosen yet but
 * already chose on this device as a visitor keeps that choice (the banner syncs it).
 */
export function useCookieConsent(): CookieConsentState {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const visitorChoice = useSyncExternalStore(subscribeVisitorChoice, readVisitorChoice, () => null);
  const server = useCookieConsentQuery(user ?? null);
  const save = useSaveCookieConsent(userId);

  const choose = useCallback(
    async (accepted: boolean) => {
      if (!userId) {
        writeVisitorChoice(accepted);
        return;
      }
      await save(accepted);
    },
    [userId, save],
  );

  if (isLoading) return { ready: false, accepted: null, visitorChoice, serverChoice: null, signedIn: false, choose };
  if (!userId) return { ready: true, accepted: visitorChoice, visitorChoice, serverChoice: null, signedIn: false, choose };
  // If the server cannot be asked, fall back to this browser's choice rather than nag on every page.
  if (server.isPending) return { ready: false, accepted: null, visitorChoice, serverChoice: null, signedIn: true, choose };
  const serverChoice = server.data?.cookiesAccepted ?? null;
  return { ready: true, accepted: serverChoice ?? visitorChoice, visitorChoice, serverChoice, signedIn: true, choose };
}
