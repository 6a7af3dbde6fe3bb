import { formatBillingDate, formatCents } from '#contract/billing.ts';
import { PAST_DUE_GRACE_DAYS } from '#contract/entitlements.ts';
import type { Payment } from '#server/db/schema.ts';
import type { InvoiceSnapshot } from '#server/billing/stripe-gateway.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraphs = (lines: string[]) => lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
const planName = (row: Payment) => (row.subscriptionPeriod === 'yearly' ? 'Yearly' : 'Monthly');

/** Sent when a renewal invoice is paid (billing_reason subscription_cycle). */
export function renewalMail(appName: string, to: { email: string; firstName: string }, row: Payment, invoice: InvoiceSnapshot): MailMessage {
  const lines = [
    `Hello ${to.firstName},`,
    `Your ${appName} Premium subscription (${planName(row)} plan) has renewed. We charged ${formatCents(invoice.total, invoice.currency)} to your card.`,
    row.currentPeriodEnd ? `Your next billing date is ${formatBillingDate(row.currentPeriodEnd)}.` : '',
    'You can cancel at any time from your profile menu; Premium then stays on until the end of the period you paid for.',
    `The ${appName} team`,
  ];
  return { to: to.email, subject: `Your ${appName} Premium subscription has renewed`, text: lines.filter(Boolean).join('\n\n'), html: paragraphs(lines) };
}

/** Sent when a renewal payment fails (Stripe retries it; Premium stays on during the grace period). */
export function paymentFailedMail(appName: string, to: { email: string; firstName: string }, row: Payment, invoice: InvoiceSnapshot): MailMessage {
  const graceEnd = row.currentPeriodStart ? new Date(row.currentPeriodStart.getTime() + PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000) : null;
  const lines = [
    `Hello ${to.firstName},`,
    `We could not take the payment of ${formatCents(invoice.amountDue, invoice.currency)} for your ${appName} Premium subscription (${planName(row)} plan).`,
    'Your bank declined the charge. We will try again over the next few days.',
    invoice.hostedUrl ? `To pay now with another card, open: ${invoice.hostedUrl}` : '',
    graceEnd ? `Premium stays on until ${formatBillingDate(graceEnd)} while we retry. If no payment succeeds, your account returns to the Free Tier; your conversations stay.` : '',
    `The ${appName} team`,
  ];
  return { to: to.email, subject: `Action needed: your ${appName} payment failed`, text: lines.filter(Boolean).join('\n\n'), html: paragraphs(lines) };
}
