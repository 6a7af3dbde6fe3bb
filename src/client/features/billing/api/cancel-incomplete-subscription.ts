import { apiHeaders } from '#client/lib/api-client.ts';

/**
 * Spec section 4: leaving checkout with a subscription created and unpaid cancels it. It must
 * survive the page going away, so it is a keepalive request whose answer nobody waits for.
 */
export function cancelIncompleteSubscription(subscriptionId: string): void {
  const headers = apiHeaders({ 'content-type': 'application/json' });
  void fetch('/api/cancel-incomplete-subscription', {
    method: 'POST',
    headers,
    body: JSON.stringify({ subscriptionId }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => {
    // Nothing to tell a page that is closing; an unpaid subscription also expires at Stripe on its own.
  });
}
