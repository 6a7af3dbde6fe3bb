import { startSmtpSink, type SmtpSink } from '#tests/fakes/smtp-sink.ts';
import { startFakeStripe, type FakeStripe, type FakeStripeOptions } from '#tests/fakes/stripe/stripe-server.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';

export interface BillingTestApp extends TestApp {
  stripe: FakeStripe;
  /** Where the app's e-mails arrive (a real SMTP server). */
  mail: SmtpSink;
}

/**
 * The app with payments on, its Stripe SDK talking to a local fake Stripe whose webhooks are
 * delivered into the app (signed by the SDK's test-header helper, as Stripe signs them).
 */
export async function createBillingTestApp(vars: Record<string, string> = {}, fakeOptions: FakeStripeOptions = {}): Promise<BillingTestApp> {
  const stripe = await startFakeStripe(fakeOptions);
  const mail = await startSmtpSink();
  const t = await createTestApp({
    SMTP_URL: mail.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_JS_URL: stripe.jsUrl,
    ...vars,
  });
  stripe.webhookTarget = async (payload, signature) => (await postWebhook(t, payload, signature)).statusCode;
  return {
    ...t,
    stripe,
    mail,
    async close() {
      await stripe.idle();
      await t.close();
      await stripe.close();
      await mail.close();
    },
  };
}

export function postWebhook(t: Pick<TestApp, 'app'>, payload: string, signature: string | undefined) {
  return inject(t.app, {
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

export const address = {
  name: 'Ada Lovelace',
  line1: '1 Market Street',
  line2: '',
  city: 'Philadelphia',
  state: 'PA',
  postalCode: '19103',
  country: 'US',
};

/** Starts a checkout for the signed-in user: { clientSecret, customerId, subscriptionId }. */
export async function startCheckout(t: Pick<TestApp, 'app'>, cookie: string, period: 'monthly' | 'yearly' = 'monthly') {
  const response = await inject(t.app, { method: 'POST', url: '/api/create-embedded-subscription', cookie, payload: { period, address } });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json() as { clientSecret: string; customerId: string; subscriptionId: string };
}
