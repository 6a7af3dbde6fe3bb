import { SubscriptionDialogs } from '#client/features/billing/components/subscription-dialogs.tsx';
import HistoryScreen from '#client/features/history/components/history-page.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { AccountMenuSlot } from './account-menu-slot.tsx';

/** /history with the same account menu as /chat (issue 14, defect 13). */
export default function HistoryPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <HistoryScreen profileMenu={user ? <AccountMenuSlot user={user} /> : null} />
      <SubscriptionDialogs />
    </>
  );
}
