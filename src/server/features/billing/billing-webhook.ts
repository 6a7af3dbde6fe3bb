import type { BillingDeps } from './billing-deps.ts';
import { paymentFailedMail, renewalMail } from './billing-mail.ts';
import * as queries from './billing.queries.ts';
import { gatewayOf, paymentValuesOf, serialized } from './subscription-sync.ts';
import { accountOwner } from '#server/db/ownership.ts';

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body; then the subscription the
 * event is about is read again from Stripe (events arrive late, twice or out of order: the
 * subscription as it is now is the truth) and written together with the event's id, so each
 * event applies once. A failure to reach Stripe throws (5xx), and Stripe delivers the event again.
 */
export async function handleStripeWebhook(deps: BillingDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
  const gateway = gatewayOf(deps);
  const event = gateway.verifyWebhook(rawBody, signature);
  const subscriptionId = event.subscriptionId;
  if (!subscriptionId) {
    await queries.applyEventOnce(deps.db, event, async () => {});
    return { received: true };
  }
  await serialized(subscriptionId, async () => {
    if (await queries.eventSeen(deps.db, event.id)) return;
    const fresh = await gateway.retrieveSubscription(subscriptionId);
    const existing = await queries.findPaymentBySubscriptionId(deps.db, subscriptionId);
    const userId = existing?.userId ?? fresh?.userId ?? null;
    const owner = userId ? await queries.findUserEmail(deps.db, userId) : undefined;
    if (!fresh || !userId || !owner) {
      // Not a subscription of ours (made in the dashboard, or for an account that no longer exists).
      deps.log.warn({ eventId: event.id, subscriptionId }, 'stripe webhook for an unknown subscription ignored');
      await queries.applyEventOnce(deps.db, event, async () => {});
      return;
    }
    const values = await paymentValuesOf(deps, fresh, existing);
    let saved: Awaited<ReturnType<typeof queries.upsertPayment>> | undefined;
    const applied = await queries.applyEventOnce(deps.db, event, async (tx) => {
      saved = await queries.upsertPayment(tx, accountOwner(userId), values);
      await queries.syncAccountType(tx, userId);
    });
    if (!applied || !saved) return;
    deps.sessionCache.invalidateUser(userId);
    const invoice = event.invoice;
    if (!invoice) return;
    const appName = deps.config.appName;
    const mail =
      event.type === 'invoice.paid' && invoice.billingReason === 'subscription_cycle'
        ? renewalMail(appName, owner, saved, invoice)
        : event.type === 'invoice.payment_failed' && invoice.billingReason !== 'subscription_create'
          ? paymentFailedMail(appName, owner, saved, invoice)
          : null;
    // The change is committed; a mail that fails is logged, never a reason for Stripe to resend the event.
    if (mail) await deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err, eventId: event.id }, 'billing e-mail failed'));
  });
  return { received: true };
}
