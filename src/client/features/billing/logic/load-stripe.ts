import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import type { StripeConfigResponse } from '#contract/billing.ts';

let loading: Promise<Stripe | null> | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('Failed to load Stripe.js')));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from where the server says (STRIPE_JS_URL), else from Stripe's own address as
 * @stripe/stripe-js chooses. Loaded only when checkout needs it, once per page.
 */
export function loadStripeFor(config: StripeConfigResponse & { publicKey: string }): Promise<Stripe | null> {
  if (!loading) {
    const { jsUrl, publicKey } = config;
    const ready = jsUrl && !('Stripe' in window) ? injectScript(jsUrl) : Promise.resolve();
    loading = ready.then(() => loadStripe(publicKey));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
