import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { chatText } from '#contract/chat-text.ts';
import { clientConfig } from '#client/config.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { chatHref, readChatParams } from '../logic/chat-url.ts';

/**
 * The conversation shown is the `session` query parameter, so a reload or a shared link reopens it.
 * A return from checkout (`subscription=success|cancelled`) is announced once, then removed.
 */
export function useChatUrl() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { sessionId, subscription } = readChatParams(search);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!subscription || announced.current === search) return;
    announced.current = search;
    if (subscription === 'success') {
      notify({ ...chatText.paymentSucceeded(clientConfig.appName), variant: 'success' });
      // Premium is decided by the server: read the account and today's allowances again.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/chat/usage'] });
    } else {
      notify(chatText.checkoutCancelled);
    }
    navigate(chatHref(search, { subscription: null }), { replace: true });
  }, [subscription, search, navigate, queryClient]);

  /** Shows a conversation (or a new one, with null); `replace` when the current entry should not stay in history. */
  const openSession = useCallback(
    (id: string | null, options: { replace?: boolean } = {}) => navigate(id ? chatHref('', { session: id }) : '/chat', { replace: options.replace }),
    [navigate],
  );

  return { sessionId, openSession };
}
