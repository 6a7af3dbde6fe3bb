import Stripe from 'stripe';
import { newId, now, type Json } from './stripe-ledger.ts';

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

/** Where webhooks go: a URL (POSTed like Stripe does) or a function (tests with app.inject). */
export type WebhookTarget = string | ((payload: string, signature: string) => Promise<number>);

/**
 * The fake Stripe's events: built as Stripe builds them and signed with the SDK's own
 * `webhooks.generateTestHeaderString`. Delivered on their own time, never holding up the API call that
 * caused them, or held for the test to deliver (to reorder or duplicate them).
 */
export class WebhookSender {
  /** Every event built, in order. */
  readonly events: SentEvent[] = [];
  /** Events waiting for delivery while `settings.autoDeliver` is false. */
  readonly held: SentEvent[] = [];
  private readonly deliveries = new Set<Promise<void>>();
  private readonly signer: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    /** Read at each event: tests change where events go, and whether they wait, while the fake runs. */
    private readonly settings: { readonly webhookTarget: WebhookTarget | undefined; readonly autoDeliver: boolean },
  ) {
    this.signer = new Stripe(secretKey);
  }

  /** Sends one event (again); resolves with the app's status code (0 with nowhere to send it). */
  async deliver(event: SentEvent): Promise<number> {
    const signature = this.signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: this.webhookSecret });
    const target = this.settings.webhookTarget;
    if (!target) return 0;
    if (typeof target === 'function') return target(event.payload, signature);
    const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: event.payload });
    return response.status;
  }

  readonly emit = async (type: string, object: Json): Promise<void> => {
    const id = newId('evt');
    const payload = JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }, null, 2);
    const event = { id, type, payload };
    this.events.push(event);
    if (!this.settings.autoDeliver) {
      this.held.push(event);
      return;
    }
    const delivery = this.deliver(event).then(
      () => undefined,
      () => undefined,
    );
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  };

  /** Resolves once every webhook sent so far has been answered. */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }
}
