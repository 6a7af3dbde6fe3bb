import { SubscriptionDialogs } from '#client/features/billing/components/subscription-dialogs.tsx';
import MemoryScreen from '#client/features/memory/components/memory-page.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { AccountMenuSlot } from './account-menu-slot.tsx';

/** /memory (issue 33, point 6) with the same account menu as /chat. */
export default function MemoryPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <MemoryScreen profileMenu={user ? <AccountMenuSlot user={user} /> : null} />
      <SubscriptionDialogs />
    </>
  );
}
