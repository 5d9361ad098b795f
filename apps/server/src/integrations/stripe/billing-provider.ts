import type { BillingInvoice, BillingProduct, BillingSubscription } from '@skylog/contracts';

/** A Checkout Session as Skylog needs it, with who it was made for. */
export type CheckoutSessionInfo = {
  id: string;
  mode: 'subscription' | 'payment';
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: string | null;
  amount_total: number | null;
  currency: string | null;
  customerId: string | null;
  orgId: string | null;
};

export type CheckoutInput = {
  customerId: string;
  priceId: string;
  currency: string;
  /** A one-off line (the recorder cable), in the currency's smallest unit; null: none. */
  cableAmount: number | null;
  coupon: string | null;
  orgId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
};

/** A one-off item (the recorder cable) bought in Checkout's payment mode. */
export type PurchaseInput = {
  customerId: string;
  priceId: string;
  quantity: number;
  orgId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
};

/** A verified webhook event: only what Skylog acts on. */
export type BillingEvent = {
  id: string;
  type: string;
  /** The event's `created`, in ms. */
  createdAt: number;
  /** The Stripe customer the event concerns, when it names one. */
  customerId: string | null;
  /** The organization named in the object's metadata, when present (a cross-check, never trusted alone). */
  orgId: string | null;
};

/**
 * Why a call to the provider failed. `invalid_request`: Stripe refused what was asked (its message and the
 * parameter it names are shown); `not_found`: no such object; `misconfigured`: Stripe refused Skylog's key
 * (wrong, revoked, or a restricted key without the permission); `unavailable`: Stripe could not be reached or
 * answered with its own fault: nothing was changed.
 */
export class BillingProviderError extends Error {
  readonly kind: 'invalid_request' | 'not_found' | 'misconfigured' | 'unavailable';
  readonly status: number;
  readonly param: string | undefined;

  constructor(kind: BillingProviderError['kind'], message: string, status: number, param?: string) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.param = param;
  }
}

export class WebhookSignatureError extends Error {}

/** The payment provider behind the billing module (Stripe); null in the app context when billing is off. */
export type BillingProvider = {
  listProducts(): Promise<BillingProduct[]>;
  /** One customer per organization: the same `orgId` gives the same customer (Stripe idempotency key). */
  createCustomer(input: { orgId: string; name: string; email: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<CheckoutSessionInfo>;
  createPurchaseSession(input: PurchaseInput): Promise<CheckoutSessionInfo>;
  getCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** Every subscription of the customer, canceled ones included, newest first. */
  listSubscriptions(customerId: string): Promise<(BillingSubscription & { customerId: string })[]>;
  getSubscription(id: string): Promise<(BillingSubscription & { customerId: string }) | null>;
  updateSubscription(id: string, change: { cancelAtPeriodEnd?: boolean; priceId?: string }): Promise<BillingSubscription>;
  listInvoices(customerId: string): Promise<BillingInvoice[]>;
  getInvoice(id: string): Promise<(BillingInvoice & { customerId: string | null }) | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the `Stripe-Signature` header against the raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
};
