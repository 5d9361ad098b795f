import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogueCoupons, cataloguePrices, catalogueProducts } from './catalogue.ts';

/**
 * A local server that speaks the part of Stripe's API Skylog uses (products, prices, coupons, customers, Checkout,
 * subscriptions, invoices, the billing portal), so the real `stripe` SDK runs against it over real HTTP:
 * `new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http' })`. It also serves the pages Stripe hosts
 * (checkout, invoice, portal) so a person can click through a purchase, and signs and POSTs webhook events.
 * State lives in memory and starts from catalogue.ts. Objects follow API version 2026-10-28.endive: billing
 * periods on subscription items, an invoice's subscription under `parent.subscription_details`.
 */

export type FakeStripeOptions = {
  /** Requests must send `Authorization: Bearer <apiKey>`; anything else answers 401 as Stripe does. */
  apiKey: string;
  /** 0 or undefined: any free port. */
  port?: number;
  /** Where events are POSTed, signed with `secret`; none: events are only recorded. */
  webhook?: { url: string; secret: string };
};

export type FakeStripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

export type FakeStripeServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every /v1 request; `body` is the decoded form body of a POST, or the decoded query of a GET or DELETE. */
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  /** Every event created, in order. */
  events: FakeStripeEvent[];
  /** Webhook deliveries made; 'error' when the webhook could not be reached or did not answer in time. */
  deliveries: { eventId: string; status: number | 'error' }[];
  setWebhook(webhook: { url: string; secret: string } | undefined): void;
  /**
   * What the hosted page's Pay button does: creates the subscription and its paid first invoice, completes the
   * session, emits customer.subscription.created, invoice.paid, checkout.session.completed (in that order) and
   * delivers them (awaited, sequentially). A session already completed answers its ids again and emits nothing;
   * a payment-mode session throws (it has no subscription: complete it with POST /checkout/pay/:id).
   */
  completeCheckout(sessionId: string): Promise<{ subscriptionId: string; invoiceId: string }>;
  /**
   * Changes a stored subscription (e.g. { status: 'past_due' } or { cancel_at_period_end: true }); emits
   * customer.subscription.updated (or .deleted when status becomes 'canceled', setting canceled_at/ended_at);
   * delivers it unless deliver === false. Returns the event.
   */
  updateSubscription(
    id: string,
    patch: { status?: string; cancel_at_period_end?: boolean },
    options?: { deliver?: boolean },
  ): Promise<FakeStripeEvent>;
  /** Creates the subscription's next invoice with status 'open', then emits invoice.payment_failed (delivered unless deliver === false). */
  failPayment(subscriptionId: string, options?: { deliver?: boolean }): Promise<FakeStripeEvent>;
  /** Builds an event (recorded in `events`) without delivering it. */
  createEvent(type: string, object: Record<string, unknown>): FakeStripeEvent;
  /** POSTs the event to the webhook, signed; returns the HTTP status, or 0 when nothing answered. Throws when no webhook is set. */
  deliver(event: FakeStripeEvent): Promise<number>;
  /** A copy of the current stored object (subscription, invoice, session, customer, …) by id, or undefined. */
  get(id: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
};

const apiVersion = '2026-10-28.endive';
const day = 86_400;
/** Stripe gives up on a webhook endpoint after a while too; a hung app must not hang the fake. */
const deliveryTimeoutMs = 10_000;

type Metadata = Record<string, string>;
type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };
type Interval = 'day' | 'week' | 'month' | 'year';
type Recurring = { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' };
type Period = { start: number; end: number };

type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  metadata: Metadata;
  name: string;
  type: 'service';
  url: null;
};

type Price = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
};

type Coupon = {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'once' | 'forever';
  duration_in_months: null;
  livemode: false;
  max_redemptions: null;
  metadata: Metadata;
  name: string;
  percent_off: number | null;
  redeem_by: null;
  times_redeemed: number;
  valid: true;
};

type Customer = {
  id: string;
  object: 'customer';
  balance: 0;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: false;
  description: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
};

type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null; address: null; phone: null; tax_exempt: 'none'; tax_ids: [] } | null;
  customer_email: string | null;
  discounts: { coupon: string; promotion_code: null }[];
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'payment' | 'subscription';
  payment_intent: null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete';
  subscription: string | null;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: 0; amount_tax: 0 };
  ui_mode: 'hosted';
  url: string;
};

/** What a session was created with that its object does not show: the lines (see /line_items) and the subscription's metadata. */
type CheckoutDetails = {
  lines: { id: string; price: Price; quantity: number }[];
  coupon: Coupon | null;
  subscriptionMetadata: Metadata;
  /** A payment-mode session's `invoice_creation`: paying it makes a paid invoice with these metadata. */
  invoiceMetadata: Metadata | null;
};

type Plan = {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: Interval;
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: 'licensed';
};

type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Plan;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
};

type Subscription = {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: null;
  description: null;
  discounts: string[];
  ended_at: number | null;
  items: List<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  /** Stripe's statuses (active, past_due, canceled…); tests may set any. */
  status: string;
  trial_end: null;
  trial_start: null;
};

type Discount = {
  id: string;
  object: 'discount';
  checkout_session: string | null;
  customer: string;
  end: null;
  invoice: null;
  invoice_item: null;
  promotion_code: null;
  source: { coupon: string; type: 'coupon' };
  start: number;
  subscription: string | null;
  subscription_item: null;
};

type LineParent =
  | {
      type: 'subscription_item_details';
      subscription_item_details: {
        invoice_item: null;
        proration: false;
        proration_details: { credited_items: null };
        subscription: string;
        subscription_item: string;
      };
      invoice_item_details: null;
    }
  | {
      type: 'invoice_item_details';
      invoice_item_details: { invoice_item: string; proration: false; proration_details: { credited_items: null }; subscription: string | null };
      subscription_item_details: null;
    };

type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: { amount: number; discount: string }[];
  discountable: true;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: LineParent;
  period: Period;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subtotal: number;
  taxes: [];
};

type Invoice = {
  id: string;
  object: 'invoice';
  account_country: 'US';
  account_name: string;
  amount_due: number;
  amount_overpaid: 0;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: 0;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  description: null;
  discounts: string[];
  due_date: null;
  effective_at: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
  lines: List<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  /** Null for a one-off payment's invoice (Checkout's `invoice_creation`), which belongs to no subscription. */
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Metadata }; quote_details: null } | null;
  period_end: number;
  period_start: number;
  status: 'paid' | 'open';
  status_transitions: { finalized_at: number; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  subtotal_excluding_tax: number;
  total: number;
  total_discount_amounts: { amount: number; discount: string }[];
  total_excluding_tax: number;
  total_taxes: [];
};

type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
};

type StripeObject = Product | Price | Coupon | Customer | CheckoutSession | Subscription | Discount | Invoice | PortalSession;
type ObjectName = StripeObject['object'];
type ObjectOf<Name extends ObjectName> = Extract<StripeObject, { object: Name }>;

/** A decoded form or query: `a[b][0][c]=x` is `{ a: { b: [{ c: 'x' }] } }`. */
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Form = { [key: string]: FormValue };

/** An answer in Stripe's error shape; `status` 400 unless said otherwise. */
class StripeApiError extends Error {
  readonly status: number;
  readonly fields: { type: string; code?: string; param?: string };

  constructor(message: string, fields: { status?: number; type?: string; code?: string; param?: string } = {}) {
    super(message);
    const { status = 400, type = 'invalid_request_error', ...rest } = fields;
    this.status = status;
    this.fields = { type, ...rest };
  }

  get body() {
    return { error: { message: this.message, ...this.fields } };
  }
}

const invalid = (message: string, param?: string) => new StripeApiError(message, param === undefined ? {} : { param });

export async function startFakeStripeServer(options: FakeStripeOptions): Promise<FakeStripeServer> {
  let webhook = options.webhook;
  let invoiceCount = 0;
  /** Every object by id, in creation order (lists answer newest first). */
  const store = new Map<string, StripeObject>();
  const checkoutDetails = new Map<string, CheckoutDetails>();
  /** Answers by Idempotency-Key: a repeated POST gets the first answer again. */
  const answered = new Map<string, { status: number; body: string }>();
  const requests: FakeStripeServer['requests'] = [];
  const events: FakeStripeEvent[] = [];
  const deliveries: FakeStripeServer['deliveries'] = [];
  let baseUrl = '';

  const insert = <T extends StripeObject>(object: T): T => {
    store.set(object.id, object);
    return object;
  };
  const findObject = <Name extends ObjectName>(name: Name, id: string): ObjectOf<Name> | undefined => {
    const object = store.get(id);
    return object?.object === name ? (object as ObjectOf<Name>) : undefined;
  };
  /** A path id that is missing answers 404; one named in a parameter answers 400 with that parameter, as Stripe does. */
  const getObject = <Name extends ObjectName>(name: Name, id: string, param?: string): ObjectOf<Name> => {
    const object = findObject(name, id);
    if (object) return object;
    throw new StripeApiError(`No such ${name}: '${id}'`, { status: param ? 400 : 404, code: 'resource_missing', param: param ?? 'id' });
  };
  const all = <Name extends ObjectName>(name: Name): ObjectOf<Name>[] =>
    [...store.values()].filter((object): object is ObjectOf<Name> => object.object === name).reverse();
  const productName = (price: Price) => findObject('product', price.product)?.name ?? price.product;

  function createEvent(type: string, object: Record<string, unknown>): FakeStripeEvent {
    const event: FakeStripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
      api_version: apiVersion,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    return event;
  }

  async function deliver(event: FakeStripeEvent): Promise<number> {
    if (!webhook) throw new Error(`No webhook to deliver ${event.id} to: pass \`webhook\` or call setWebhook first`);
    const payload = JSON.stringify(event);
    const status = await postWebhook(webhook.url, payload, signStripePayload(payload, webhook.secret, now()));
    deliveries.push({ eventId: event.id, status });
    return status === 'error' ? 0 : status;
  }

  /** One after the other, each awaited, as the app would see them from Stripe; without a webhook they are only recorded. */
  async function deliverInOrder(toDeliver: FakeStripeEvent[]) {
    if (!webhook) return;
    for (const event of toDeliver) await deliver(event);
  }

  // ---- Catalogue ----

  const seededAt = now();
  for (const product of catalogueProducts) {
    insert({
      ...newProduct(product.name, product.description, product.active, seededAt),
      id: product.id,
      default_price: product.defaultPrice,
    });
  }
  for (const price of cataloguePrices) {
    const recurring: Recurring | null = price.interval
      ? { interval: price.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null;
    insert({ ...newPrice(price.product, price.unitAmount, price.currency, recurring, price.active, seededAt), id: price.id });
  }
  for (const coupon of catalogueCoupons) {
    insert({
      id: coupon.id,
      object: 'coupon',
      amount_off: 'amountOff' in coupon ? coupon.amountOff : null,
      created: seededAt,
      currency: 'currency' in coupon ? coupon.currency : null,
      duration: coupon.duration,
      duration_in_months: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: coupon.name,
      percent_off: 'percentOff' in coupon ? coupon.percentOff : null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    });
  }

  // ---- Objects made by requests ----

  function createCustomer(email: string | null, name: string | null, metadata: Metadata): Customer {
    return insert({
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email,
      invoice_prefix: 'SKY',
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata,
      name,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
    });
  }

  /** `invoice_creation[enabled]` (payment mode only, as Stripe says) and its `invoice_data[metadata]`. */
  function invoiceMetadataOf(mode: 'payment' | 'subscription', value: FormValue | undefined): Metadata | null {
    if (value === undefined) return null;
    const creation = asForm(value, 'invoice_creation');
    if (mode !== 'payment') throw invalid('`invoice_creation` can only be used in `payment` mode.', 'invoice_creation');
    if (asText(creation.enabled, 'invoice_creation[enabled]') !== 'true') return null;
    const data = creation.invoice_data === undefined ? {} : asForm(creation.invoice_data, 'invoice_creation[invoice_data]');
    return updatedMetadata({}, data.metadata, 'invoice_creation[invoice_data][metadata]');
  }

  function createCheckoutSession(params: Form): CheckoutSession {
    const mode = asText(params.mode, 'mode');
    if (mode === undefined) throw invalid('Missing required param: mode.', 'mode');
    if (mode !== 'payment' && mode !== 'subscription') {
      throw invalid(`Invalid mode: '${mode}'. The local Stripe server simulates payment and subscription.`, 'mode');
    }
    const successUrl = requiredText(params.success_url, 'success_url');
    const cancelUrl = requiredText(params.cancel_url, 'cancel_url');
    const customerId = asText(params.customer, 'customer');
    const customerEmail = asText(params.customer_email, 'customer_email');
    if (customerId !== undefined && customerEmail !== undefined) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const customer = customerId === undefined ? undefined : getObject('customer', customerId, 'customer');

    const lineParams = asArray(params.line_items, 'line_items');
    if (lineParams.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const lines = lineParams.map((entry, index) => checkoutLine(asForm(entry, `line_items[${index}]`), `line_items[${index}]`));
    const currency = lines[0]!.price.currency;
    if (lines.some((line) => line.price.currency !== currency)) throw invalid('Line items must all have the same currency.', 'line_items');
    const isRecurring = lines.map((line) => line.price.recurring !== null);
    if (mode === 'subscription' && !isRecurring.includes(true)) {
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    }
    if (mode === 'payment' && isRecurring.includes(true)) {
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items',
      );
    }

    const discounts = asArray(params.discounts, 'discounts');
    if (discounts.length > 1) throw invalid('You may only specify one discount.', 'discounts');
    const couponId = discounts[0] === undefined ? undefined : asText(asForm(discounts[0], 'discounts[0]').coupon, 'discounts[0][coupon]');
    const coupon = couponId === undefined ? null : getObject('coupon', couponId, 'discounts[0][coupon]');
    const subscriptionData = params.subscription_data === undefined ? {} : asForm(params.subscription_data, 'subscription_data');

    const subtotal = sum(lines.map((line) => line.price.unit_amount * line.quantity));
    const discount = discountOf(coupon, subtotal);
    const created = now();
    const id = newId('cs_test', 56);
    checkoutDetails.set(id, {
      lines,
      coupon,
      subscriptionMetadata: updatedMetadata({}, subscriptionData.metadata, 'subscription_data[metadata]'),
      invoiceMetadata: invoiceMetadataOf(mode, params.invoice_creation),
    });
    return insert({
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      cancel_url: cancelUrl,
      client_reference_id: asText(params.client_reference_id, 'client_reference_id') ?? null,
      created,
      currency,
      customer: customer?.id ?? null,
      customer_details: null,
      customer_email: customerEmail ?? null,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: created + day,
      invoice: null,
      livemode: false,
      metadata: updatedMetadata({}, params.metadata, 'metadata'),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${baseUrl}/checkout/pay/${id}`,
    });
  }

  /** One `line_items[i]`: an existing active price, or `price_data` (a price made for this session, as Stripe makes one). */
  function checkoutLine(line: Form, param: string): CheckoutDetails['lines'][number] {
    const quantity = asInteger(line.quantity, `${param}[quantity]`, 1);
    if (quantity === undefined) throw invalid(`Quantity is required. Add \`quantity\` to \`${param}\``, `${param}[quantity]`);
    const priceId = asText(line.price, `${param}[price]`);
    if (priceId !== undefined && line.price_data !== undefined) {
      throw invalid(`You may only specify one of these parameters: ${param}[price], ${param}[price_data].`, `${param}[price]`);
    }
    if (priceId !== undefined) {
      const price = getObject('price', priceId, `${param}[price]`);
      if (!price.active) throw invalid('The price specified is inactive. This field only accepts active prices.', `${param}[price]`);
      return { id: newId('li'), price, quantity };
    }
    if (line.price_data === undefined) throw invalid(`You must specify either \`price\` or \`price_data\` in \`${param}\`.`, param);
    return {
      id: newId('li'),
      price: createPriceFromData(asForm(line.price_data, `${param}[price_data]`), `${param}[price_data]`),
      quantity,
    };
  }

  /** `price_data`: a price made for one session, with its product (`product_data`) unless it names one. */
  function createPriceFromData(data: Form, param: string): Price {
    const currency = requiredText(data.currency, `${param}[currency]`).toLowerCase();
    const unitAmount = asInteger(data.unit_amount, `${param}[unit_amount]`, 0);
    if (unitAmount === undefined) throw invalid(`Missing required param: ${param}[unit_amount].`, `${param}[unit_amount]`);
    const productId = asText(data.product, `${param}[product]`);
    const productData = asForm(data.product_data ?? {}, `${param}[product_data]`);
    const product =
      productId === undefined
        ? insert(newProduct(requiredText(productData.name, `${param}[product_data][name]`), null, false, now()))
        : getObject('product', productId, `${param}[product]`);
    const recurring =
      data.recurring === undefined ? null : recurringOf(asForm(data.recurring, `${param}[recurring]`), `${param}[recurring]`);
    // Stripe makes such prices (and products) inactive, so they never show among the plans.
    return insert(newPrice(product.id, unitAmount, currency, recurring, false, now()));
  }

  function createDiscount(coupon: Coupon, customer: string, subscription: string, session: string): Discount {
    return insert({
      id: newId('di'),
      object: 'discount',
      checkout_session: session,
      customer,
      end: null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: now(),
      subscription,
      subscription_item: null,
    });
  }

  function createSubscriptionItem(subscription: string, price: Price, quantity: number, start: number): SubscriptionItem {
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: start,
      current_period_start: start,
      current_period_end: periodEnd(start, recurringPartOf(price)),
      discounts: [],
      metadata: {},
      plan: planOf(price),
      price: structuredClone(price),
      quantity,
      subscription,
      tax_rates: [],
    };
  }

  type InvoiceInput = {
    customer: Customer;
    subscription: Subscription | null;
    status: Invoice['status'];
    billingReason: Invoice['billing_reason'];
    lines: { price: Price; quantity: number; period: Period; subscriptionItem: string | null }[];
    discount: Discount | null;
    metadata?: Metadata;
  };

  function createInvoice(input: InvoiceInput): Invoice {
    const created = now();
    const id = newId('in');
    const subscription = input.subscription?.id ?? null;
    const amounts = input.lines.map((line) => line.price.unit_amount * line.quantity);
    const subtotal = sum(amounts);
    const coupon = input.discount ? (findObject('coupon', input.discount.source.coupon) ?? null) : null;
    const discountTotal = discountOf(coupon, subtotal);
    const shares = shareOut(discountTotal, amounts);
    const lines = input.lines.map((line, index): InvoiceLine => {
      const amount = amounts[index]!;
      const parent: LineParent = line.subscriptionItem && subscription
        ? {
            type: 'subscription_item_details',
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription,
              subscription_item: line.subscriptionItem,
            },
            invoice_item_details: null,
          }
        : {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: newId('ii'),
              proration: false,
              proration_details: { credited_items: null },
              subscription,
            },
            subscription_item_details: null,
          };
      const interval = line.price.recurring
        ? ` (at ${formatAmount(line.price.unit_amount, line.price.currency)} / ${line.price.recurring.interval})`
        : '';
      return {
        id: newId('il'),
        object: 'line_item',
        amount,
        currency: line.price.currency,
        description:
          line.price.recurring || line.quantity > 1 ? `${line.quantity} × ${productName(line.price)}${interval}` : productName(line.price),
        discount_amounts: input.discount ? [{ amount: shares[index]!, discount: input.discount.id }] : [],
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent,
        period: line.period,
        pricing: {
          type: 'price_details',
          price_details: { price: line.price.id, product: line.price.product },
          unit_amount_decimal: line.price.unit_amount_decimal,
        },
        quantity: line.quantity,
        subtotal: amount,
        taxes: [],
      };
    });
    const total = subtotal - discountTotal;
    const isPaid = input.status === 'paid';
    invoiceCount += 1;
    return insert({
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Skylog (local Stripe)',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: isPaid ? total : 0,
      amount_remaining: isPaid ? 0 : total,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      billing_reason: input.billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: input.lines[0]!.price.currency,
      customer: input.customer.id,
      customer_email: input.customer.email,
      customer_name: input.customer.name,
      description: null,
      discounts: input.discount ? [input.discount.id] : [],
      due_date: null,
      effective_at: created,
      hosted_invoice_url: `${baseUrl}/invoices/${id}`,
      invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
      lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: input.metadata ?? {},
      // Stripe retries a failed renewal about three days later.
      next_payment_attempt: isPaid ? null : created + 3 * day,
      number: `SKY-${String(invoiceCount).padStart(4, '0')}`,
      parent:
        input.subscription && subscription
          ? { type: 'subscription_details', subscription_details: { subscription, metadata: { ...input.subscription.metadata } }, quote_details: null }
          : null,
      period_end: Math.max(...input.lines.map((line) => line.period.end)),
      period_start: Math.min(...input.lines.map((line) => line.period.start)),
      status: input.status,
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: isPaid ? created : null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_discount_amounts: input.discount ? [{ amount: discountTotal, discount: input.discount.id }] : [],
      total_excluding_tax: total,
      total_taxes: [],
    });
  }

  /** Pays the session: everything changes first, then the events are returned for delivery, so the app finds it all in place. */
  function completeSession(session: CheckoutSession): FakeStripeEvent[] {
    const details = checkoutDetails.get(session.id)!;
    const customer = session.customer ? getObject('customer', session.customer) : createCustomer(session.customer_email, null, {});
    session.status = 'complete';
    session.payment_status = session.amount_total === 0 ? 'no_payment_required' : 'paid';
    session.customer = customer.id;
    session.customer_details = { email: customer.email, name: customer.name, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    if (details.coupon) details.coupon.times_redeemed += 1;
    if (session.mode === 'payment') {
      if (!details.invoiceMetadata) return [createEvent('checkout.session.completed', session)];
      const paidAt = now();
      const invoice = createInvoice({
        customer,
        subscription: null,
        status: 'paid',
        billingReason: 'manual',
        lines: details.lines.map((line) => ({ price: line.price, quantity: line.quantity, period: { start: paidAt, end: paidAt }, subscriptionItem: null })),
        discount: null,
        metadata: details.invoiceMetadata,
      });
      session.invoice = invoice.id;
      return [createEvent('invoice.paid', invoice), createEvent('checkout.session.completed', session)];
    }

    const start = now();
    const subscriptionId = newId('sub');
    const discount = details.coupon ? createDiscount(details.coupon, customer.id, subscriptionId, session.id) : null;
    const recurringLines = details.lines.filter((line) => line.price.recurring);
    const items = recurringLines.map((line) => createSubscriptionItem(subscriptionId, line.price, line.quantity, start));
    const subscription = insert<Subscription>({
      id: subscriptionId,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: session.currency,
      customer: customer.id,
      default_payment_method: null,
      description: null,
      // A `once` coupon is spent on the first invoice; the others stay on the subscription for the renewals.
      discounts: discount && details.coupon?.duration !== 'once' ? [discount.id] : [],
      ended_at: null,
      items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` },
      latest_invoice: null,
      livemode: false,
      metadata: details.subscriptionMetadata,
      start_date: start,
      status: 'active',
      trial_end: null,
      trial_start: null,
    });
    // The first invoice bills the first period of the plan and, once, the one-off lines.
    const firstPeriod = { start, end: Math.max(...items.map((item) => item.current_period_end)) };
    const invoice = createInvoice({
      customer,
      subscription,
      status: 'paid',
      billingReason: 'subscription_create',
      lines: details.lines.map((line) => {
        const item = items[recurringLines.indexOf(line)];
        return {
          price: line.price,
          quantity: line.quantity,
          period: item ? { start, end: item.current_period_end } : firstPeriod,
          subscriptionItem: item?.id ?? null,
        };
      }),
      discount,
    });
    subscription.latest_invoice = invoice.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    return [
      createEvent('customer.subscription.created', subscription),
      createEvent('invoice.paid', invoice),
      createEvent('checkout.session.completed', session),
    ];
  }

  function setCancelAtPeriodEnd(subscription: Subscription, value: boolean) {
    subscription.cancel_at_period_end = value;
    subscription.cancel_at = value ? Math.max(...subscription.items.data.map((item) => item.current_period_end)) : null;
    // Stripe dates the request: canceled_at is when the cancellation was asked for, not when it takes effect.
    subscription.canceled_at = value ? now() : null;
    subscription.cancellation_details.reason = value ? 'cancellation_requested' : null;
  }

  function setStatus(subscription: Subscription, status: string) {
    subscription.status = status;
    if (status !== 'canceled') return;
    subscription.canceled_at = now();
    subscription.ended_at = subscription.canceled_at;
    subscription.cancellation_details.reason = 'cancellation_requested';
  }

  const subscriptionEvent = (subscription: Subscription) =>
    createEvent(subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription);

  async function updateSubscription(
    id: string,
    patch: { status?: string; cancel_at_period_end?: boolean },
    { deliver: isDelivered = true } = {},
  ) {
    const subscription = findObject('subscription', id);
    if (!subscription) throw new Error(`No such subscription: '${id}'`);
    if (patch.cancel_at_period_end !== undefined) setCancelAtPeriodEnd(subscription, patch.cancel_at_period_end);
    if (patch.status !== undefined) setStatus(subscription, patch.status);
    const event = subscriptionEvent(subscription);
    if (isDelivered) await deliverInOrder([event]);
    return event;
  }

  /** POST /v1/subscriptions/:id: everything is checked before anything changes; an event only when something did. */
  async function postSubscription(subscription: Subscription, params: Form): Promise<Subscription> {
    const fields = Object.keys(params).filter((key) => key !== 'expand' && key !== 'proration_behavior');
    if (subscription.status === 'canceled' && fields.some((key) => key !== 'metadata' && key !== 'cancellation_details')) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const cancelAtPeriodEnd = asBoolean(params.cancel_at_period_end, 'cancel_at_period_end');
    const itemChanges = asArray(params.items, 'items').map((entry, index) => {
      const param = `items[${index}]`;
      const change = asForm(entry, param);
      const itemId = asText(change.id, `${param}[id]`);
      if (itemId === undefined) throw invalid(`The local Stripe server only changes existing items: send ${param}[id].`, `${param}[id]`);
      const item = subscription.items.data.find((candidate) => candidate.id === itemId);
      if (!item) throw new StripeApiError(`No such subscription item: '${itemId}'`, { code: 'resource_missing', param: `${param}[id]` });
      const priceId = asText(change.price, `${param}[price]`);
      const price = priceId === undefined ? undefined : getObject('price', priceId, `${param}[price]`);
      if (price && !price.active) {
        throw invalid('The price specified is inactive. This field only accepts active prices.', `${param}[price]`);
      }
      if (price && !price.recurring) {
        throw invalid(
          'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
          `${param}[price]`,
        );
      }
      return { item, price, quantity: asInteger(change.quantity, `${param}[quantity]`, 1) };
    });
    const metadata = updatedMetadata(subscription.metadata, params.metadata, 'metadata');

    const before = JSON.stringify(subscription);
    subscription.metadata = metadata;
    for (const { item, price, quantity } of itemChanges) {
      if (quantity !== undefined) item.quantity = quantity;
      if (!price) continue;
      const isSameCycle =
        price.recurring?.interval === item.price.recurring?.interval &&
        price.recurring?.interval_count === item.price.recurring?.interval_count;
      item.price = structuredClone(price);
      item.plan = planOf(price);
      subscription.currency = price.currency;
      // A new billing interval starts a new period now; the same interval keeps the period (no proration is billed).
      if (!isSameCycle) {
        item.current_period_start = now();
        item.current_period_end = periodEnd(item.current_period_start, recurringPartOf(price));
      }
    }
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      setCancelAtPeriodEnd(subscription, cancelAtPeriodEnd);
    }
    if (JSON.stringify(subscription) !== before) await deliverInOrder([subscriptionEvent(subscription)]);
    return subscription;
  }

  async function failPayment(subscriptionId: string, { deliver: isDelivered = true } = {}) {
    const subscription = findObject('subscription', subscriptionId);
    if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
    const discountId = subscription.discounts[0];
    // The renewal bills the period after the current one.
    const invoice = createInvoice({
      customer: getObject('customer', subscription.customer),
      subscription,
      status: 'open',
      billingReason: 'subscription_cycle',
      lines: subscription.items.data.map((item) => ({
        price: item.price,
        quantity: item.quantity,
        period: { start: item.current_period_end, end: periodEnd(item.current_period_end, recurringPartOf(item.price)) },
        subscriptionItem: item.id,
      })),
      discount: discountId === undefined ? null : (findObject('discount', discountId) ?? null),
    });
    subscription.latest_invoice = invoice.id;
    const event = createEvent('invoice.payment_failed', invoice);
    if (isDelivered) await deliverInOrder([event]);
    return event;
  }

  // ---- The API ----

  type Route = {
    method: string;
    path: string;
    handle: (ids: string[], params: Form) => StripeObject | List<unknown> | Promise<StripeObject>;
  };

  const routes: Route[] = [
    {
      method: 'GET',
      path: '/v1/products',
      handle: (_, params) => {
        const active = asBoolean(params.active, 'active');
        return list(
          '/v1/products',
          all('product').filter((product) => active === undefined || product.active === active),
          params,
        );
      },
    },
    { method: 'GET', path: '/v1/products/:id', handle: ([id]) => getObject('product', id!) },
    {
      method: 'GET',
      path: '/v1/prices',
      handle: (_, params) => {
        const active = asBoolean(params.active, 'active');
        const product = asText(params.product, 'product');
        const type = asText(params.type, 'type');
        const prices = all('price').filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (product === undefined || price.product === product) &&
            (type === undefined || price.type === type),
        );
        return list('/v1/prices', prices, params);
      },
    },
    { method: 'GET', path: '/v1/prices/:id', handle: ([id]) => getObject('price', id!) },
    { method: 'GET', path: '/v1/coupons/:id', handle: ([id]) => getObject('coupon', id!) },
    {
      method: 'POST',
      path: '/v1/customers',
      handle: (_, params) =>
        createCustomer(
          asText(params.email, 'email') ?? null,
          asText(params.name, 'name') ?? null,
          updatedMetadata({}, params.metadata, 'metadata'),
        ),
    },
    { method: 'GET', path: '/v1/customers/:id', handle: ([id]) => getObject('customer', id!) },
    { method: 'POST', path: '/v1/checkout/sessions', handle: (_, params) => createCheckoutSession(params) },
    { method: 'GET', path: '/v1/checkout/sessions/:id', handle: ([id]) => getObject('checkout.session', id!) },
    {
      method: 'GET',
      path: '/v1/checkout/sessions/:id/line_items',
      handle: ([id], params) => {
        const session = getObject('checkout.session', id!);
        const { lines } = checkoutDetails.get(session.id)!;
        const amounts = lines.map((line) => line.price.unit_amount * line.quantity);
        const discounts = shareOut(session.total_details.amount_discount, amounts);
        const items = lines.map((line, index) => ({
          id: line.id,
          object: 'item',
          amount_discount: discounts[index]!,
          amount_subtotal: amounts[index]!,
          amount_tax: 0,
          amount_total: amounts[index]! - discounts[index]!,
          currency: line.price.currency,
          description: productName(line.price),
          metadata: {},
          price: line.price,
          quantity: line.quantity,
        }));
        return list(`/v1/checkout/sessions/${session.id}/line_items`, items, params);
      },
    },
    {
      method: 'GET',
      path: '/v1/subscriptions',
      handle: (_, params) => {
        const customer = asText(params.customer, 'customer');
        const status = asText(params.status, 'status');
        const isListed = (subscription: Subscription) => {
          if (status === 'all') return true;
          if (status === 'ended') return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
          // Without a status Stripe leaves out the canceled ones.
          return status === undefined ? subscription.status !== 'canceled' : subscription.status === status;
        };
        const subscriptions = all('subscription').filter(
          (subscription) => (customer === undefined || subscription.customer === customer) && isListed(subscription),
        );
        return list('/v1/subscriptions', subscriptions, params);
      },
    },
    { method: 'GET', path: '/v1/subscriptions/:id', handle: ([id]) => getObject('subscription', id!) },
    { method: 'POST', path: '/v1/subscriptions/:id', handle: ([id], params) => postSubscription(getObject('subscription', id!), params) },
    {
      method: 'DELETE',
      path: '/v1/subscriptions/:id',
      handle: async ([id]) => {
        const subscription = getObject('subscription', id!);
        // Stripe treats a canceled subscription as gone when asked to cancel it again.
        if (subscription.status === 'canceled') {
          throw new StripeApiError(`No such subscription: '${subscription.id}'`, { status: 404, code: 'resource_missing', param: 'id' });
        }
        setStatus(subscription, 'canceled');
        await deliverInOrder([subscriptionEvent(subscription)]);
        return subscription;
      },
    },
    {
      method: 'GET',
      path: '/v1/invoices',
      handle: (_, params) => {
        const customer = asText(params.customer, 'customer');
        const subscription = asText(params.subscription, 'subscription');
        const status = asText(params.status, 'status');
        const invoices = all('invoice').filter(
          (invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined || invoice.parent?.subscription_details.subscription === subscription) &&
            (status === undefined || invoice.status === status),
        );
        return list('/v1/invoices', invoices, params);
      },
    },
    { method: 'GET', path: '/v1/invoices/:id', handle: ([id]) => getObject('invoice', id!) },
    {
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      handle: (_, params) => {
        const customer = getObject('customer', requiredText(params.customer, 'customer'), 'customer');
        const id = newId('bps');
        return insert({
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_skylog_local',
          created: now(),
          customer: customer.id,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: asText(params.return_url, 'return_url') ?? null,
          url: `${baseUrl}/portal/${id}`,
        });
      },
    },
  ];

  /** Stripe's expansion: each `a.b.c` path replaces the id found there by its object (a copy). */
  function expand(value: unknown, path: readonly string[], fullPath: string): unknown {
    if (Array.isArray(value)) return value.map((entry: unknown) => expand(entry, path, fullPath));
    if (typeof value === 'string') {
      const object = store.get(value);
      if (!object) throw invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
      return expand(structuredClone(object), path, fullPath);
    }
    const [key, ...rest] = path;
    if (key === undefined || value === null) return value;
    if (!isRecord(value) || !(key in value)) throw invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
    value[key] = expand(value[key], rest, fullPath);
    return value;
  }

  async function answerApi(method: string, path: string, params: Form): Promise<{ status: number; body: string }> {
    try {
      const segments = path.split('/');
      const route = routes.find((candidate) => candidate.method === method && matches(candidate.path, segments));
      if (!route) {
        throw new StripeApiError(`Unrecognized request URL (${method}: ${path}): the local Stripe server does not simulate it.`, {
          status: 404,
        });
      }
      const ids = route.path
        .split('/')
        .flatMap((segment, index) => (segment.startsWith(':') ? [decodeURIComponent(segments[index]!)] : []));
      const answer = structuredClone(await route.handle(ids, params));
      for (const field of asArray(params.expand, 'expand')) {
        const fieldPath = asText(field, 'expand') ?? '';
        // As Stripe: at most four levels (`data.items.data.price`), deeper is refused.
        if (fieldPath.split('.').length > 4) throw invalid(`You cannot expand more than 4 levels of a property. Property: ${fieldPath}`, 'expand');
        expand(answer, fieldPath.split('.'), fieldPath);
      }
      return { status: 200, body: JSON.stringify(answer) };
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: JSON.stringify(error.body) };
      throw error;
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    const method = req.method ?? 'GET';
    // The SDK sends GET and DELETE parameters in the query string, POST ones as a form body.
    const params = parseForm(method === 'POST' ? rawBody : url.search.slice(1));
    requests.push({ method, path: url.pathname, body: params });
    const authorization = req.headers.authorization;
    if (authorization !== `Bearer ${options.apiKey}`) {
      const key = authorization?.replace(/^Bearer /, '');
      const message = key
        ? `Invalid API Key provided: ${maskKey(key)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return sendJson(res, 401, JSON.stringify(new StripeApiError(message).body));
    }
    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof idempotencyKey === 'string' ? answered.get(idempotencyKey) : undefined;
    if (replay) return sendJson(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const answer = await answerApi(method, url.pathname, params);
    if (typeof idempotencyKey === 'string') answered.set(idempotencyKey, answer);
    sendJson(res, answer.status, answer.body);
  }

  // ---- The pages Stripe hosts ----

  function checkoutPage(session: CheckoutSession): Html {
    const { lines, coupon } = checkoutDetails.get(session.id)!;
    const rows = lines.map((line) => {
      const every = line.price.recurring ? html`<br /><small>Billed every ${line.price.recurring.interval}</small>` : html``;
      return html`<tr>
        <td>${productName(line.price)} × ${line.quantity}${every}</td>
        <td>${formatAmount(line.price.unit_amount * line.quantity, session.currency)}</td>
      </tr>`;
    });
    const discount = coupon
      ? html`<tr>
          <td>Discount: ${coupon.id} (${coupon.name})</td>
          <td>−${formatAmount(session.total_details.amount_discount, session.currency)}</td>
        </tr>`
      : html``;
    const action =
      session.status === 'open'
        ? html`<form method="post" action="/checkout/pay/${session.id}"><button type="submit">Pay</button></form>
            <p><a href="${session.cancel_url}">Cancel</a></p>`
        : html`<p>This checkout is complete.</p>
            <p><a href="${successUrlOf(session)}">Continue</a></p>`;
    return page(
      'Stripe (local) checkout',
      html`<p>Test mode: no card is needed and nothing is charged.</p>
        <table>
          ${rows}
          <tr>
            <td>Subtotal</td>
            <td>${formatAmount(session.amount_subtotal, session.currency)}</td>
          </tr>
          ${discount}
          <tr>
            <th>Total due today</th>
            <th>${formatAmount(session.amount_total, session.currency)}</th>
          </tr>
        </table>
        ${action}`,
    );
  }

  function invoicePage(invoice: Invoice): Html {
    const rows = invoice.lines.data.map(
      (line) =>
        html`<tr>
          <td>${line.description}</td>
          <td>${formatAmount(line.amount, line.currency)}</td>
        </tr>`,
    );
    const discount = invoice.subtotal - invoice.total;
    return page(
      `Invoice ${invoice.number}`,
      html`<p>${invoice.customer_email ?? invoice.customer} · ${formatDate(invoice.created)} · <strong>${invoice.status}</strong></p>
        <table>
          ${rows}
          ${
            discount > 0
              ? html`<tr>
                  <td>Discount</td>
                  <td>−${formatAmount(discount, invoice.currency)}</td>
                </tr>`
              : html``
          }
          <tr>
            <th>Total</th>
            <th>${formatAmount(invoice.total, invoice.currency)}</th>
          </tr>
          <tr>
            <td>Amount paid</td>
            <td>${formatAmount(invoice.amount_paid, invoice.currency)}</td>
          </tr>
          <tr>
            <td>Amount remaining</td>
            <td>${formatAmount(invoice.amount_remaining, invoice.currency)}</td>
          </tr>
        </table>
        <p><a href="${invoice.invoice_pdf}">Download PDF</a></p>`,
    );
  }

  function portalPage(portal: PortalSession): Html {
    const customer = getObject('customer', portal.customer);
    const subscriptions = all('subscription').filter(
      (subscription) => subscription.customer === customer.id && subscription.status !== 'canceled',
    );
    const plans = subscriptions.map((subscription) => {
      const names = subscription.items.data.map(
        (item) =>
          html`<p>
            <strong>${productName(item.price)}</strong> ${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} /
            ${item.price.recurring?.interval ?? ''}
          </p>`,
      );
      const ends = formatDate(Math.max(...subscription.items.data.map((item) => item.current_period_end)));
      const change = subscription.cancel_at_period_end
        ? html`<p>Cancels on ${ends}.</p>
            ${portalButton(portal, subscription, false, 'Keep plan')}`
        : html`<p>Renews on ${ends}.</p>
            ${portalButton(portal, subscription, true, 'Cancel plan at period end')}`;
      return html`<section>
        ${names}
        <p>Status: ${subscription.status}</p>
        ${change}
      </section>`;
    });
    const invoices = all('invoice')
      .filter((invoice) => invoice.customer === customer.id)
      .map(
        (invoice) =>
          html`<li>
            <a href="${invoice.hosted_invoice_url}">${invoice.number}</a> ${formatDate(invoice.created)}
            ${formatAmount(invoice.total, invoice.currency)} ${invoice.status}
          </li>`,
      );
    return page(
      'Stripe (local) billing portal',
      html`<p>${customer.email ?? customer.id}</p>
        ${plans.length > 0 ? plans : html`<p>No current plan.</p>`}
        ${
          invoices.length > 0
            ? html`<h2>Invoices</h2>
                <ul>
                  ${invoices}
                </ul>`
            : html``
        }
        ${portal.return_url ? html`<p><a href="${portal.return_url}">Return to Skylog</a></p>` : html``}`,
    );
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    const method = req.method ?? 'GET';
    const [, section, ...rest] = url.pathname.split('/').map((segment) => decodeURIComponent(segment));
    const id = rest.join('/');
    if (section === 'checkout' && rest[0] === 'pay') {
      const session = findObject('checkout.session', rest.slice(1).join('/'));
      if (!session) return sendPage(res, 404, page('Not found', html`<p>No such checkout session.</p>`));
      if (method === 'GET') return sendPage(res, 200, checkoutPage(session));
      if (session.status === 'open') await deliverInOrder(completeSession(session));
      return redirect(res, successUrlOf(session));
    }
    if (section === 'invoices') {
      const invoice = findObject('invoice', id.replace(/\/pdf$/, ''));
      if (!invoice) return sendPage(res, 404, page('Not found', html`<p>No such invoice.</p>`));
      if (id.endsWith('/pdf')) return sendPdf(res, invoicePdf(invoice));
      return sendPage(res, 200, invoicePage(invoice));
    }
    if (section === 'portal') {
      const portal = findObject('billing_portal.session', id);
      if (!portal) return sendPage(res, 404, page('Not found', html`<p>No such billing portal session.</p>`));
      if (method === 'GET') return sendPage(res, 200, portalPage(portal));
      const form = parseForm(rawBody);
      const subscription = findObject('subscription', asText(form.subscription, 'subscription') ?? '');
      if (!subscription || subscription.customer !== portal.customer) {
        return sendPage(res, 404, page('Not found', html`<p>No such subscription.</p>`));
      }
      await updateSubscription(subscription.id, {
        cancel_at_period_end: asText(form.cancel_at_period_end, 'cancel_at_period_end') === 'true',
      });
      return redirect(res, `/portal/${portal.id}`);
    }
    sendPage(res, 404, page('Not found', html`<p>The local Stripe server has no page at ${url.pathname}.</p>`));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    readBody(req)
      .then((rawBody) => (url.pathname.startsWith('/v1/') ? handleApi(req, res, url, rawBody) : handlePage(req, res, url, rawBody)))
      .catch((error: unknown) => {
        // A fault of the fake itself: Stripe's own-fault answer, which the SDK must not retry.
        const body = {
          error: { type: 'api_error', message: `The local Stripe server failed: ${error instanceof Error ? error.stack : String(error)}` },
        };
        if (!res.headersSent) sendJson(res, 500, JSON.stringify(body), { 'stripe-should-retry': 'false' });
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    requests,
    events,
    deliveries,
    setWebhook: (next) => {
      webhook = next;
    },
    completeCheckout: async (sessionId) => {
      const session = findObject('checkout.session', sessionId);
      if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
      if (session.mode !== 'subscription') {
        throw new Error(`${sessionId} is a payment-mode session: it has no subscription (POST /checkout/pay/${sessionId} completes it)`);
      }
      if (session.status === 'open') await deliverInOrder(completeSession(session));
      return { subscriptionId: session.subscription!, invoiceId: session.invoice! };
    },
    updateSubscription: (id, patch, updateOptions) => updateSubscription(id, patch, updateOptions),
    failPayment: (subscriptionId, failOptions) => failPayment(subscriptionId, failOptions),
    createEvent,
    deliver,
    get: (id) => {
      const object = store.get(id);
      return object ? structuredClone(object) : undefined;
    },
    close: async () => {
      // Keep-alive sockets from the SDK would hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `Stripe-Signature` header value for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function signStripePayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

// ---- Objects ----

const now = () => Math.floor(Date.now() / 1000);

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id with Stripe's prefix (`cus_…`, `cs_test_…`); the modulo bias does not matter for ids. */
function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((byte) => base62[byte % base62.length]).join('')}`;
}

function newProduct(name: string, description: string | null, active: boolean, created: number): Product {
  return {
    id: newId('prod', 14),
    object: 'product',
    active,
    created,
    updated: created,
    default_price: null,
    description,
    images: [],
    livemode: false,
    metadata: {},
    name,
    type: 'service',
    url: null,
  };
}

function newPrice(
  product: string,
  unitAmount: number,
  currency: string,
  recurring: Recurring | null,
  active: boolean,
  created: number,
): Price {
  return {
    id: newId('price'),
    object: 'price',
    active,
    billing_scheme: 'per_unit',
    created,
    currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product,
    recurring,
    tax_behavior: 'unspecified',
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

/** The legacy `plan` Stripe still puts beside each item's price. */
function planOf(price: Price): Plan {
  const recurring = recurringPartOf(price);
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** Subscription items are made from recurring prices only (checked when the session or the change was accepted). */
function recurringPartOf(price: Price): Recurring {
  if (!price.recurring) throw new Error(`${price.id} is not a recurring price`);
  return price.recurring;
}

const intervalDays: Record<Interval, number> = { day: 1, week: 7, month: 30, year: 365 };

/** A fixed-length period (a month is 30 days, a year 365): close enough for a local server. */
function periodEnd(start: number, recurring: Recurring): number {
  return start + intervalDays[recurring.interval] * recurring.interval_count * day;
}

function recurringOf(params: Form, param: string): Recurring {
  const interval = requiredText(params.interval, `${param}[interval]`);
  if (!(interval in intervalDays)) throw invalid(`Invalid interval: must be one of day, week, month, or year`, `${param}[interval]`);
  const count = asInteger(params.interval_count, `${param}[interval_count]`, 1) ?? 1;
  return { interval: interval as Interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
}

/** The coupon's discount on an amount: percent rounded to the cent, or a fixed amount; never more than the amount. */
function discountOf(coupon: Coupon | null, amount: number): number {
  if (!coupon) return 0;
  const off = coupon.percent_off === null ? (coupon.amount_off ?? 0) : Math.round((amount * coupon.percent_off) / 100);
  return Math.min(off, amount);
}

/** Splits `total` over `amounts` in proportion, in whole cents that add up to `total`. */
function shareOut(total: number, amounts: number[]): number[] {
  const whole = sum(amounts);
  let before = 0;
  return amounts.map((amount) => {
    const start = whole === 0 ? 0 : Math.round((total * before) / whole);
    before += amount;
    return (whole === 0 ? 0 : Math.round((total * before) / whole)) - start;
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function list<T>(url: string, items: T[], params: Form): List<T> {
  const limit = asInteger(params.limit, 'limit', 1) ?? 10;
  if (limit > 100) throw invalid('This value must be less than or equal to 100.', 'limit');
  const after = asText(params.starting_after, 'starting_after');
  const start = after === undefined ? 0 : items.findIndex((item) => isRecord(item) && item.id === after) + 1;
  if (after !== undefined && start === 0) throw invalid(`Invalid starting_after id: ${after}`, 'starting_after');
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

function updatedMetadata(current: Metadata, value: FormValue | undefined, param: string): Metadata {
  if (value === undefined) return current;
  // An empty value unsets: the whole metadata (`metadata=`) or one key (`metadata[key]=`).
  if (value === '') return {};
  const next = { ...current };
  for (const [key, entry] of Object.entries(asForm(value, param))) {
    const text = asText(entry, `${param}[${key}]`);
    if (text) next[key] = text;
    else delete next[key];
  }
  return next;
}

// ---- Parameters ----

/**
 * Decodes Stripe's form encoding (used for POST bodies and query strings alike): bracketed keys nest, an index
 * (`a[0]`) or an empty pair (`a[]`) makes an array. The SDK sends `expand[0]=…`; curl users send `expand[]=…`.
 */
function parseForm(encoded: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head = key, ...rest] = key.split('[');
    setPath(form, [head, ...rest.map((segment) => segment.replace(/]$/, ''))], value);
  }
  return form;
}

function setPath(node: Form | FormValue[], path: string[], value: string) {
  const [segment = '', next, ...rest] = path;
  const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
  const read = (): FormValue | undefined => (Array.isArray(node) ? node[slot as number] : node[segment]);
  const write = (child: FormValue) => {
    if (Array.isArray(node)) node[slot as number] = child;
    else node[segment] = child;
  };
  if (next === undefined) return write(value);
  let child = read();
  if (child === undefined || typeof child === 'string') {
    child = next === '' || /^\d+$/.test(next) ? [] : {};
    write(child);
  }
  setPath(child, [next, ...rest], value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asText(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw invalid(`Invalid string: ${param} must be a string.`, param);
}

function requiredText(value: FormValue | undefined, param: string): string {
  const text = asText(value, param);
  if (!text) throw invalid(`Missing required param: ${param}.`, param);
  return text;
}

function asForm(value: FormValue, param: string): Form {
  if (typeof value === 'object' && !Array.isArray(value)) return value;
  throw invalid(`Invalid object: ${param} must be an object.`, param);
}

function asArray(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined);
  throw invalid(`Invalid array: ${param} must be an array.`, param);
}

function asBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  const text = asText(value, param);
  if (text === undefined) return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw invalid(`Invalid boolean: ${text}`, param);
}

function asInteger(value: FormValue | undefined, param: string, min: number): number | undefined {
  const text = asText(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param);
  const integer = Number(text);
  if (integer < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  return integer;
}

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/');
  return parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index]);
}

/** Stripe shows the key's prefix and last four characters only. */
function maskKey(key: string): string {
  return key.length <= 12 ? '*'.repeat(key.length) : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

// ---- HTTP ----

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req', 14), 'stripe-version': apiVersion, ...headers });
  res.end(body);
}

/** POSTs a signed event as Stripe does; any failure to get an answer is 'error'. */
function postWebhook(url: string, payload: string, signature: string): Promise<number | 'error'> {
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: 'POST',
      // A fresh connection each time: no pooled socket outlives close().
      agent: false,
      timeout: deliveryTimeoutMs,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(payload),
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 'error'));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve('error'));
    req.end(payload);
  });
}

// ---- Pages ----

/** Markup whose interpolated strings are escaped. */
type Html = { readonly markup: string };

function html(strings: TemplateStringsArray, ...values: (string | number | Html | Html[])[]): Html {
  const render = (value: string | number | Html | Html[]): string =>
    Array.isArray(value) ? value.map(render).join('') : typeof value === 'object' ? value.markup : escapeHtml(String(value));
  return { markup: strings.reduce((markup, text, index) => markup + text + (index < values.length ? render(values[index]!) : ''), '') };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            max-width: 36rem;
            margin: 3rem auto;
            padding: 0 1rem;
            color: #1a1f36;
          }
          h1 {
            font-size: 1.4rem;
          }
          table {
            width: 100%;
            border-collapse: collapse;
            margin: 1rem 0;
          }
          td,
          th {
            padding: 0.4rem 0;
            border-bottom: 1px solid #e3e8ee;
            text-align: left;
          }
          td:last-child,
          th:last-child {
            text-align: right;
          }
          section {
            border: 1px solid #e3e8ee;
            border-radius: 6px;
            padding: 0 1rem;
            margin: 1rem 0;
          }
          button {
            font: inherit;
            background: #635bff;
            color: white;
            border: 0;
            border-radius: 6px;
            padding: 0.6rem 1.4rem;
            cursor: pointer;
          }
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        ${body}
      </body>
    </html>`;
}

function portalButton(portal: PortalSession, subscription: Subscription, cancelAtPeriodEnd: boolean, label: string): Html {
  return html`<form method="post" action="/portal/${portal.id}">
    <input type="hidden" name="subscription" value="${subscription.id}" />
    <input type="hidden" name="cancel_at_period_end" value="${String(cancelAtPeriodEnd)}" />
    <button type="submit">${label}</button>
  </form>`;
}

const successUrlOf = (session: CheckoutSession) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

function sendPage(res: ServerResponse, status: number, body: Html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body.markup);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

/** Amounts are in the smallest unit; every catalogue currency has two decimals. */
function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

const formatDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

function sendPdf(res: ServerResponse, pdf: Buffer) {
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
  res.end(pdf);
}

/** A one-page PDF of the invoice, written by hand: Helvetica text lines, byte offsets counted for the xref table. */
function invoicePdf(invoice: Invoice): Buffer {
  const textLines = [
    `Invoice ${invoice.number} (${invoice.status})`,
    `Date: ${formatDate(invoice.created)}`,
    `Billed to: ${invoice.customer_email ?? invoice.customer}`,
    '',
    ...invoice.lines.data.map((line) => `${line.description}: ${formatAmount(line.amount, line.currency)}`),
    ...(invoice.subtotal > invoice.total ? [`Discount: -${formatAmount(invoice.subtotal - invoice.total, invoice.currency)}`] : []),
    `Total: ${formatAmount(invoice.total, invoice.currency)}`,
    `Amount paid: ${formatAmount(invoice.amount_paid, invoice.currency)}`,
  ];
  // PDF strings: ASCII only here (× and other non-ASCII become x or ?), with \ ( ) escaped.
  const pdfText = (text: string) =>
    text
      .replace(/×/g, 'x')
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, '\\$&');
  const content = `BT /F1 12 Tf 16 TL 72 720 Td\n${textLines.map((line) => `(${pdfText(line)}) Tj T*`).join('\n')}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
