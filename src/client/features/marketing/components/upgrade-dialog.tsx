import type { RefObject } from 'react';
import { UpgradeDialog } from '#client/components/upgrade-dialog.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useChoosePlan } from '../hooks/use-choose-plan.ts';

/** The shared upgrade dialog, where a choice goes to checkout when signed in and to signup otherwise. */
export default function MarketingUpgradeDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const { user } = useCurrentUser();
  const choosePlan = useChoosePlan();
  return <UpgradeDialog {...props} signedIn={Boolean(user)} onChoose={choosePlan} />;
}
