export type SubscriptionReturn = 'success' | 'cancelled';

/** The /chat query parameters (spec section 2): a conversation to open and a return from checkout. */
export function readChatParams(search: string): { sessionId: string | null; subscription: SubscriptionReturn | null } {
  const params = new URLSearchParams(search);
  const subscription = params.get('subscription');
  return {
    sessionId: params.get('session') || null,
    subscription: subscription === 'success' || subscription === 'cancelled' ? subscription : null,
  };
}

/** The /chat URL with some parameters removed and others set, keeping anything else. */
export function chatHref(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `/chat?${query}` : '/chat';
}
