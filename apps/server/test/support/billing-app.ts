import { signStripePayload, startFakeStripeServer, type FakeStripeEvent, type FakeStripeServer } from '../../scripts/stripe-local/fake-stripe-server.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { sessions } from '../people-helper.ts';

export const billingApiKey = 'sk_test_skylog_billing';
export const billingWebhookSecret = 'whsec_skylog_billing_test';

export type BillingApp = {
  stripe: FakeStripeServer;
  t: TestApp;
  s: ReturnType<typeof sessions>;
  /** Posts a Stripe event to the webhook as Stripe does: signed now with the endpoint's secret, unless told otherwise. */
  post: (event: FakeStripeEvent, options?: { secret?: string; at?: number; signature?: string | null }) => ReturnType<TestApp['request']>;
  close: () => Promise<void>;
};

/**
 * Skylog with billing on, talking through the real `stripe` SDK to the local Stripe-compatible server; events
 * are posted to the webhook by the test (`post`), in whatever order and as often as the test wants.
 */
export async function startBillingApp(options: { seed?: boolean } = {}): Promise<BillingApp> {
  const stripe = await startFakeStripeServer({ apiKey: billingApiKey });
  const t = await createTestApp({
    seed: options.seed ?? false,
    env: { STRIPE_SECRET_KEY: billingApiKey, STRIPE_WEBHOOK_SECRET: billingWebhookSecret, STRIPE_API_URL: stripe.url },
  });
  const post: BillingApp['post'] = (event, { secret, at, signature } = {}) => {
    const payload = JSON.stringify(event);
    const signed = signature === undefined ? signStripePayload(payload, secret ?? billingWebhookSecret, at ?? Math.floor(Date.now() / 1000)) : signature;
    return t.request({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', origin: undefined, ...(signed === null ? {} : { 'stripe-signature': signed }) },
    });
  };
  return {
    stripe,
    t,
    s: sessions(() => t),
    post,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}
