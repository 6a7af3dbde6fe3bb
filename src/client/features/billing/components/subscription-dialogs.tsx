import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingText, formatBillingDate, subscriptionSummaryText as text } from '#contract/billing-text.ts';
import { formatPrice, plans } from '#contract/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useChangeSubscriptionPeriod } from '../api/change-subscription-period.ts';
import { subscriptionInfoQueryOptions } from '../api/get-subscription-info.ts';
import { openSubscriptionDialog, useOpenSubscriptionDialog, type SubscriptionDialog } from '../hooks/subscription-dialog-store.ts';

const serverText = (error: unknown, fallback: string) => (error instanceof ApiError && error.code ? error.message : fallback);

/** Cancel Subscription, with a confirm (spec sections 2 and 8). Usable from any dialog or menu: openSubscriptionDialog('cancel'). */
function CancelSubscriptionDialog({ expiresOn }: { expiresOn: string | null }) {
  const cancel = useCancelSubscription();
  const close = () => openSubscriptionDialog(null);
  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        notify({ title: billingText.cancelledTitle, description: result.message });
        close();
      },
      onError: (error) => notify({ title: billingText.cancelFailedTitle, description: serverText(error, billingText.cancelFailedFallback), variant: 'destructive' }),
    });
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{billingText.cancelConfirmTitle}</DialogTitle>
        <DialogDescription>{billingText.cancelConfirmBody(expiresOn ? formatBillingDate(expiresOn) : 'the end of this billing period')}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close} disabled={cancel.isPending}>
          {text.keep}
        </Button>
        <Button type="button" variant="destructive" onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? <Spinner label="Cancelling" /> : null}
          {text.cancel}
        </Button>
      </DialogFooter>
    </>
  );
}

function SwitchPeriodDialog({ current }: { current: 'monthly' | 'yearly' }) {
  const change = useChangeSubscriptionPeriod();
  const queryClient = useQueryClient();
  const target = current === 'monthly' ? 'yearly' : 'monthly';
  const close = () => openSubscriptionDialog(null);
  function confirm() {
    change.mutate(target, {
      onSuccess: (result) => {
        notify({ title: billingText.periodChangedTitle, description: result.message, variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        close();
      },
      onError: (error) => notify({ title: billingText.periodChangeFailedTitle, description: serverText(error, billingText.processingErrorBody), variant: 'destructive' }),
    });
  }
  const price = target === 'yearly' ? `${formatPrice(plans.yearly.price)} a year` : `${formatPrice(plans.monthly.price)} a month`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Switch to the {target === 'yearly' ? 'Yearly' : 'Monthly'} plan?</DialogTitle>
        <DialogDescription>
          {target === 'yearly'
            ? `Your plan becomes ${price} (save ${plans.yearly.savings}%). We charge the yearly price now, minus the unused part of this month, and your year starts today.`
            : `Your plan becomes ${price}. The unused part of your year is kept as credit and paid towards your next monthly bills (there are no refunds).`}
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close} disabled={change.isPending}>
          Keep my plan
        </Button>
        <Button type="button" variant="brand" onClick={confirm} disabled={change.isPending}>
          {change.isPending ? <Spinner label="Switching" /> : null}
          Switch to {target === 'yearly' ? 'Yearly' : 'Monthly'}
        </Button>
      </DialogFooter>
    </>
  );
}

/** The subscription dialogs, rendered once beside the page (not inside the menu that opens them), built when first opened (decision 042). */
export function SubscriptionDialogs() {
  const open = useOpenSubscriptionDialog();
  return (
    <WhenOpened open={open !== null}>
      <OpenSubscriptionDialog open={open} />
    </WhenOpened>
  );
}

function OpenSubscriptionDialog({ open }: { open: SubscriptionDialog }) {
  const info = useQuery({ ...subscriptionInfoQueryOptions, enabled: open !== null });
  return (
    <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : openSubscriptionDialog(null))}>
      <DialogContent>
        {open === 'cancel' ? <CancelSubscriptionDialog expiresOn={info.data?.nextBillingDate ?? null} /> : null}
        {open === 'switch' && info.data?.subscriptionPeriod ? <SwitchPeriodDialog current={info.data.subscriptionPeriod} /> : null}
        {open === 'switch' && !info.data ? <Spinner label="Loading your subscription" /> : null}
      </DialogContent>
    </Dialog>
  );
}
