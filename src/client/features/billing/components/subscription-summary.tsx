import { Crown, Repeat, XCircle } from 'lucide-react';
import type { PublicUser } from '#contract/auth.ts';
import { formatBillingDate, subscriptionSummaryText as text } from '#contract/billing-text.ts';
import { plans } from '#contract/plans.ts';
import { DropdownMenuItem } from '#client/components/ui/dropdown-menu.tsx';
import { useSubscriptionInfo } from '../api/get-subscription-info.ts';
import { openSubscriptionDialog } from '../hooks/subscription-dialog-store.ts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right font-medium tabular-nums">{children}</span>
    </div>
  );
}

/** Spec section 7: only subscriber accounts ask for their subscription. */
function useSubscription(user: PublicUser) {
  const isSubscriber = user.appUserType === 'subscriber';
  const info = useSubscriptionInfo(isSubscriber);
  return { isSubscriber, info: isSubscriber ? info.data : undefined, loading: isSubscriber && info.isPending };
}

/**
 * The profile menu summary's plan rows (spec section 2): Premium or Free with Monthly or Yearly,
 * then 'Next Billing' or, once cancelled, 'Expires On' with the date.
 */
export function SubscriptionPlanRows({ user, premium }: { user: PublicUser; premium: boolean }) {
  const { info, loading } = useSubscription(user);
  const isPremium = info ? info.subscriptionLevel === 'premium' : premium;
  const period = info?.subscriptionPeriod ? (info.subscriptionPeriod === 'yearly' ? text.yearly : text.monthly) : null;
  return (
    <>
      <Row label={text.plan}>
        {loading ? (
          '…'
        ) : isPremium ? (
          <span className="inline-flex items-center gap-1 text-accent-foreground">
            <Crown className="size-3" aria-hidden />
            {text.premium}
            {period ? <span className="font-normal text-muted-foreground">· {period}</span> : null}
          </span>
        ) : (
          text.free
        )}
      </Row>
      {info?.nextBillingDate && isPremium ? (
        <Row label={info.cancelAtPeriodEnd ? text.expiresOn : text.nextBilling}>{formatBillingDate(info.nextBillingDate)}</Row>
      ) : null}
    </>
  );
}

/** Menu items for a paying subscriber: switch period, cancel (each opens its confirm dialog). */
export function SubscriptionMenuItems({ user }: { user: PublicUser }) {
  const { info } = useSubscription(user);
  if (!info || info.subscriptionLevel !== 'premium' || info.cancelAtPeriodEnd || !info.subscriptionPeriod) return null;
  const other = info.subscriptionPeriod === 'monthly' ? 'yearly' : 'monthly';
  return (
    <>
      <DropdownMenuItem onSelect={() => openSubscriptionDialog('switch')}>
        <Repeat aria-hidden />
        {other === 'yearly' ? `Switch to Yearly (save ${plans.yearly.savings}%)` : 'Switch to Monthly'}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => openSubscriptionDialog('cancel')}>
        <XCircle aria-hidden />
        {text.cancel}
      </DropdownMenuItem>
    </>
  );
}
