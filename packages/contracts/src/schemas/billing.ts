import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { text } from './text.ts';

/** A Stripe object id (price_…, prod_…, cus_…, sub_…, in_…, cs_…): letters, digits and underscores. */
const stripeId = (field: string) =>
  text()
    .min(1, `${field} is required`)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, `${field} is not a valid Stripe id`);

export const couponSchema = text()
  .min(1, messages.billingCoupon)
  .max(limits.couponMaxLength, messages.billingCoupon)
  .regex(/^[A-Za-z0-9_-]+$/, messages.billingCoupon);

const hasWholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * The cable price a pricing link carries (`cable_price`), in the plan currency's major units. A link carries it as
 * text, so a numeric string is accepted too.
 */
export const cablePriceSchema = z
  .union([z.number(), text().trim().regex(/^\d+(\.\d{1,2})?$/, messages.billingCablePrice).transform(Number)], { error: messages.billingCablePrice })
  .pipe(z.number().min(0, messages.billingCablePrice).max(limits.cablePriceMax, messages.billingCablePrice).refine(hasWholeCents, messages.billingCablePrice));

/** 100 for USD or EUR, 1 for JPY: Stripe's amounts are in the currency's smallest unit. */
export function minorUnitsPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

/**
 * What a checkout is made from: the plan's price, and optionally a coupon and a cable price
 * (docs/product.md "Billing and the payment hold").
 */
export const checkoutRequestSchema = z.strictObject({
  priceId: stripeId('priceId'),
  orgId: z.uuid({ error: messages.organizationNotFound }),
  cablePrice: cablePriceSchema.nullable().optional(),
  coupon: couponSchema.nullable().optional(),
  /** Optional: when given it must be the organization's own customer. */
  customerId: stripeId('customerId').nullable().optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

const oneOffQuantity = z
  .number({ error: messages.billingOneOffQuantity })
  .int(messages.billingOneOffQuantity)
  .min(1, messages.billingOneOffQuantity)
  .max(limits.oneOffQuantityMax, messages.billingOneOffQuantity);

/** A one-off item of the catalogue (the recorder cable) bought for the caller's organization, through Checkout in payment mode. */
export const purchaseRequestSchema = z.strictObject({
  price_id: stripeId('price_id'),
  quantity: oneOffQuantity,
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/**
 * The plan a new school chose at registration (a pricing link's price, coupon and cable price), kept with its
 * organization so whoever signs in for it, from any browser, is offered that plan first.
 */
export const chosenPlanSchema = z.strictObject({
  price_id: stripeId('price_id'),
  coupon: couponSchema.nullable(),
  cable_price: cablePriceSchema.nullable(),
});
export type ChosenPlan = z.output<typeof chosenPlanSchema>;
/** The same plan as answers carry it (a response schema is a plain shape, without the input's conversions). */
const chosenPlanAnswerSchema = z.object({ price_id: text(), coupon: text().nullable(), cable_price: z.number().nullable() });

export const billingIntervalSchema = z.enum(['day', 'week', 'month', 'year']);

export const billingPriceSchema = z.object({
  id: text(),
  product_id: text(),
  /** In the currency's smallest unit (cents), as Stripe gives it. */
  unit_amount: z.number().int().nullable(),
  currency: text(),
  /** `recurring`: a plan, paid by subscription; `one_time`: an item sold once (the recorder cable), paid at checkout. */
  type: z.enum(['recurring', 'one_time']),
  interval: billingIntervalSchema.nullable(),
  interval_count: z.number().int().nullable(),
});
export type BillingPrice = z.infer<typeof billingPriceSchema>;

export const billingProductSchema = z.object({
  id: text(),
  name: text(),
  description: text().nullable(),
  default_price_id: text().nullable(),
  prices: z.array(billingPriceSchema),
});
export type BillingProduct = z.infer<typeof billingProductSchema>;

export const productsResponseSchema = z.object({ products: z.array(billingProductSchema) });
export const priceResponseSchema = z.object({ price: billingPriceSchema });
export const productIdParamsSchema = z.object({ productId: stripeId('productId') });
export const stripeIdParamsSchema = z.object({ id: stripeId('id') });
export const customerQuerySchema = z.object({ customerId: stripeId('customerId') });

export const checkoutSessionSchema = z.object({
  id: text(),
  url: text().nullable(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: text().nullable(),
  amount_total: z.number().int().nullable(),
  currency: text().nullable(),
});
export const checkoutSessionResponseSchema = z.object({ session: checkoutSessionSchema });

export const subscriptionStatusSchema = z.enum(['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Who counts as paid (ARCHITECTURE.md "Billing"): Stripe still collects past_due, so the school keeps working meanwhile. */
export const paidSubscriptionStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const isPaidSubscriptionStatus = (status: SubscriptionStatus | null | undefined): boolean =>
  status !== null && status !== undefined && paidSubscriptionStatuses.includes(status);

export const billingSubscriptionSchema = z.object({
  id: text(),
  status: subscriptionStatusSchema,
  price: billingPriceSchema.nullable(),
  product_name: text().nullable(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;
export const subscriptionsResponseSchema = z.object({ subscriptions: z.array(billingSubscriptionSchema) });
export const subscriptionResponseSchema = z.object({ subscription: billingSubscriptionSchema });

export const billingInvoiceSchema = z.object({
  id: text(),
  number: text().nullable(),
  created: z.iso.datetime({ offset: true }),
  status: text().nullable(),
  total: z.number().int(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: text(),
  hosted_invoice_url: text().nullable(),
  invoice_pdf: text().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;
export const invoicesResponseSchema = z.object({ invoices: z.array(billingInvoiceSchema) });
export const invoiceResponseSchema = z.object({ invoice: billingInvoiceSchema });

/** The caller's organization as Skylog last learned it from Stripe (never from the browser). */
export const billingStateSchema = z.object({
  enabled: z.boolean(),
  org_id: z.uuid().nullable(),
  /** Whether the caller may subscribe, change, cancel and see invoices (org admins). */
  can_manage: z.boolean(),
  customer_id: text().nullable(),
  is_paid: z.boolean(),
  subscription: billingSubscriptionSchema.nullable(),
  latest_invoice: billingInvoiceSchema.nullable(),
  /** The plan chosen at registration, until the organization first pays (shown to those who may pay). */
  chosen_plan: chosenPlanAnswerSchema.nullable(),
  /** Whom to ask about paying, for those who cannot (`can_manage` false): the organization's administrators. */
  contacts: z.array(z.object({ name: text().nullable(), email: text() })),
  /** After a failed renewal (past_due): when Skylog stops serving the school unless the payment goes through. */
  grace_ends_at: z.iso.datetime({ offset: true }).nullable(),
});
export type BillingState = z.infer<typeof billingStateSchema>;

export const subscriptionChangeSchema = z
  .strictObject({
    cancel_at_period_end: z.boolean().optional(),
    price_id: stripeId('price_id').optional(),
  })
  .refine((value) => value.cancel_at_period_end !== undefined || value.price_id !== undefined, {
    message: 'Say what to change: cancel_at_period_end or price_id.',
  });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

export const checkoutConfirmationSchema = z.object({
  /** `subscription`: a plan; `payment`: an item sold once (the recorder cable), which changes no plan. */
  mode: z.enum(['subscription', 'payment']),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: text().nullable(),
  is_paid: z.boolean(),
});
export type CheckoutConfirmation = z.infer<typeof checkoutConfirmationSchema>;

export const portalSessionResponseSchema = z.object({ url: text() });
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
