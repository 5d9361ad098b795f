import type { AppConfig } from '../../config/env.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export { BillingProviderError, WebhookSignatureError, type BillingEvent, type BillingProvider, type CheckoutSessionInfo } from './billing-provider.ts';

/**
 * Stripe when its keys are set; null: billing is off and every organization counts as paid
 * (docs/product.md "Billing and the payment hold").
 */
export function createBillingProvider(config: AppConfig['stripe']): BillingProvider | null {
  return config ? createStripeProvider(config) : null;
}
