import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';
import { getLatestSession } from '../api/get-latest-session.ts';

/** Spec section 5: a stored return URL is honoured only when it is a /chat address. */
export function isChatUrl(url: string): boolean {
  return /^\/chat(?:[/?#]|$)/.test(url);
}

/**
 * Users whose latest conversation is worth resuming: Premium users, who keep a history
 * (docs/decisions/005-public-site-visitor-states.md). Free users have no history, so they start fresh.
 */
export function qualifiesForLatestSession(user: PublicUser): boolean {
  return user.isPremium;
}

/**
 * 'Return to App' (spec section 2):
 * 1. a stored return-to-chat URL starting with /chat is cleared, resetViewport is set, and the user goes there;
 * 2. otherwise a qualifying user resumes their latest conversation (/chat?session={id}, or /chat when there is none;
 *    a failed lookup is logged and also goes to /chat);
 * 3. everyone else goes to /chat.
 */
export function useReturnToApp() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);

  const returnToApp = useCallback(async () => {
    const stored = readStorage('session', sessionKeys.returnToChatUrl);
    if (stored !== null) writeStorage('session', sessionKeys.returnToChatUrl, null);
    if (stored && isChatUrl(stored)) {
      writeStorage('session', sessionKeys.resetViewport, 'true');
      navigate(stored);
      return;
    }
    if (user && qualifiesForLatestSession(user)) {
      setPending(true);
      try {
        const { id } = await getLatestSession(user.id);
        navigate(id ? `/chat?session=${encodeURIComponent(id)}` : '/chat');
      } catch (error) {
        console.warn('Could not look up the latest conversation; opening the app without it', error);
        navigate('/chat');
      } finally {
        setPending(false);
      }
      return;
    }
    navigate('/chat');
  }, [user, navigate]);

  return { returnToApp, pending };
}
