import { billingIntervalSchema, checkoutSessionSchema, limits, subscriptionStatusSchema, type BillingInvoice, type BillingPrice, type BillingProduct, type BillingSubscription } from '@skylog/contracts';
import Stripe from 'stripe';
import { BillingProviderError, WebhookSignatureError, type BillingEvent, type BillingProvider, type CheckoutSessionInfo } from './billing-provider.ts';

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | undefined };

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The time a `Stripe-Signature` header says it was signed (`t=`, in seconds), read as the SDK reads it: the last one counts. */
function signedAtOf(header: string): number {
  const stamps = header.split(',').filter((item) => item.split('=')[0] === 't');
  return stamps.length > 0 ? parseInt(stamps.at(-1)!.split('=')[1] ?? '', 10) : Number.NaN;
}
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function toPrice(price: Stripe.Price): BillingPrice {
  return {
    id: price.id,
    product_id: idOf(price.product) ?? '',
    unit_amount: price.unit_amount,
    currency: price.currency,
    type: price.recurring ? 'recurring' : 'one_time',
    interval: billingIntervalSchema.safeParse(price.recurring?.interval).data ?? null,
    interval_count: price.recurring?.interval_count ?? null,
  };
}

function toSubscription(subscription: Stripe.Subscription): BillingSubscription & { customerId: string } {
  const item = subscription.items.data[0];
  const product = item?.price.product;
  const status = subscriptionStatusSchema.safeParse(subscription.status);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    // A status Stripe adds later is treated as not paying until Skylog knows it.
    status: status.success ? status.data : 'incomplete',
    price: item ? toPrice(item.price) : null,
    product_name: product && typeof product === 'object' && 'name' in product ? product.name : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    // Since API 2025-03-31 the period lives on each item.
    current_period_end: item?.current_period_end ? iso(item.current_period_end) : null,
    created: iso(subscription.created),
  };
}

function toInvoice(invoice: Stripe.Invoice): BillingInvoice & { customerId: string | null } {
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer),
    number: invoice.number,
    created: iso(invoice.created),
    status: invoice.status,
    total: invoice.total,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  };
}

function toSession(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  return {
    id: session.id,
    // Skylog makes sessions in these two modes only (a setup-mode session would carry no payment).
    mode: session.mode === 'payment' ? 'payment' : 'subscription',
    url: session.url,
    status: checkoutSessionSchema.shape.status.safeParse(session.status).data ?? null,
    payment_status: session.payment_status,
    amount_total: session.amount_total,
    currency: session.currency,
    customerId: idOf(session.customer),
    orgId: session.metadata?.org_id ?? null,
  };
}

/** Stripe's answer as a BillingProviderError: its own refusal keeps its message and parameter. */
function providerError(error: unknown): BillingProviderError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const status = error.statusCode ?? 400;
    // 404: the object named in the path does not exist. A missing coupon or price named in a body is a 400 with its parameter.
    if (status === 404) return new BillingProviderError('not_found', error.message, 404);
    return new BillingProviderError('invalid_request', error.message, status, error.param);
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return new BillingProviderError('misconfigured', error.message, error.statusCode ?? 401);
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new BillingProviderError('unavailable', error.message, error.statusCode ?? 503);
  }
  return new BillingProviderError('unavailable', error instanceof Error ? error.message : String(error), 503);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/** Like `call`, but a missing object is null rather than an error. */
async function find<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await call(request);
  } catch (error) {
    if (error instanceof BillingProviderError && error.kind === 'not_found') return null;
    throw error;
  }
}

function customerOf(object: Record<string, unknown>): string | null {
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && 'id' in customer && typeof customer.id === 'string') return customer.id;
  return null;
}

function metadataOrgOf(object: Record<string, unknown>): string | null {
  const metadata = object.metadata;
  if (metadata && typeof metadata === 'object' && 'org_id' in metadata && typeof metadata.org_id === 'string') return metadata.org_id;
  return null;
}

/** The official SDK; STRIPE_API_URL points it at a Stripe-compatible server (the local one for development and tests). */
export function createStripeProvider(config: StripeConfig): BillingProvider {
  const endpoint = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(endpoint
      ? {
          host: endpoint.hostname,
          port: endpoint.port ? Number(endpoint.port) : endpoint.protocol === 'http:' ? 80 : 443,
          protocol: endpoint.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    async listProducts(): Promise<BillingProduct[]> {
      const [products, prices] = await Promise.all([
        call(() => stripe.products.list({ active: true, limit: 100 })),
        // Plans (recurring) and items sold once (the recorder cable, one_time) alike.
        call(() => stripe.prices.list({ active: true, limit: 100 })),
      ]);
      return products.data.map((product) => ({
        id: product.id,
        name: product.name,
        description: product.description ?? null,
        default_price_id: idOf(product.default_price),
        prices: prices.data.filter((price) => idOf(price.product) === product.id).map(toPrice),
      }));
    },

    async createCustomer({ orgId, name, email }) {
      const customer = await call(() =>
        stripe.customers.create({ name, email, metadata: { org_id: orgId } }, { idempotencyKey: `skylog-customer-${orgId}` }),
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [{ price: input.priceId, quantity: 1 }];
      if (input.cableAmount) {
        lineItems.push({ price_data: { currency: input.currency, unit_amount: input.cableAmount, product_data: { name: 'Recorder cable' } }, quantity: 1 });
      }
      const metadata = { org_id: input.orgId, user_id: input.userId };
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          line_items: lineItems,
          ...(input.coupon ? { discounts: [{ coupon: input.coupon }] } : {}),
          client_reference_id: input.orgId,
          metadata,
          subscription_data: { metadata: { org_id: input.orgId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      return toSession(session);
    },

    async createPurchaseSession(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer: input.customerId,
          line_items: [{ price: input.priceId, quantity: input.quantity }],
          client_reference_id: input.orgId,
          metadata: { org_id: input.orgId, user_id: input.userId },
          // Stripe sends the receipt for a one-off payment as an invoice the school finds under Billing.
          invoice_creation: { enabled: true, invoice_data: { metadata: { org_id: input.orgId } } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      return toSession(session);
    },

    async getCheckoutSession(id) {
      const session = await find(() => stripe.checkout.sessions.retrieve(id));
      return session ? toSession(session) : null;
    },

    async listSubscriptions(customerId) {
      // Stripe expands four levels at most: the product's name comes from the catalogue instead (billing.service).
      const list = await call(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20, expand: ['data.items.data.price'] }));
      return list.data.map(toSubscription);
    },

    async getSubscription(id) {
      const subscription = await find(() => stripe.subscriptions.retrieve(id, { expand: ['items.data.price.product'] }));
      return subscription ? toSubscription(subscription) : null;
    },

    async updateSubscription(id, change) {
      const current = await call(() => stripe.subscriptions.retrieve(id));
      const item = current.items.data[0];
      const subscription = await call(() =>
        stripe.subscriptions.update(id, {
          ...(change.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: change.cancelAtPeriodEnd } : {}),
          ...(change.priceId && item ? { items: [{ id: item.id, price: change.priceId }], proration_behavior: 'create_prorations' } : {}),
          expand: ['items.data.price.product'],
        }),
      );
      return toSubscription(subscription);
    },

    async listInvoices(customerId) {
      const list = await call(() => stripe.invoices.list({ customer: customerId, limit: 24 }));
      return list.data.map(toInvoice);
    },

    async getInvoice(id) {
      const invoice = await find(() => stripe.invoices.retrieve(id));
      return invoice ? toInvoice(invoice) : null;
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },

    verifyWebhook(rawBody, signature): BillingEvent {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, limits.stripeWebhookToleranceSeconds);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      // The SDK refuses a signature older than the tolerance but not one dated ahead of it: such a signed body
      // could be replayed until long after it was made. The tolerance holds both ways.
      if (!(Math.abs(Date.now() / 1000 - signedAtOf(signature)) <= limits.stripeWebhookToleranceSeconds)) {
        throw new WebhookSignatureError('Timestamp outside the tolerance zone');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return { id: event.id, type: event.type, createdAt: event.created * 1000, customerId: customerOf(object), orgId: metadataOrgOf(object) };
    },
  };
}
