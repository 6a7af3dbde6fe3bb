import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { BillingPeriod } from '#contract/plans.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

/**
 * Spec section 2, upgrade: a signed-in user's plan is stored as checkoutPlan and they go to
 * /checkout; a visitor's is stored as signupPlan and they go to /signup with the plan.
 */
export function useChoosePlan() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  return useCallback(
    (plan: BillingPeriod) => {
      if (user) {
        writeStorage('session', sessionKeys.checkoutPlan, plan);
        navigate('/checkout');
      } else {
        writeStorage('session', sessionKeys.signupPlan, plan);
        navigate(`/signup?plan=${plan}`);
      }
    },
    [user, navigate],
  );
}
