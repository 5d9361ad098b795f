import { roleGroups } from '../roles.ts';
import {
  billingStateSchema,
  checkoutConfirmationSchema,
  checkoutRequestSchema,
  checkoutSessionResponseSchema,
  customerQuerySchema,
  invoiceResponseSchema,
  invoicesResponseSchema,
  portalSessionResponseSchema,
  priceResponseSchema,
  productIdParamsSchema,
  productsResponseSchema,
  purchaseRequestSchema,
  stripeIdParamsSchema,
  subscriptionChangeSchema,
  subscriptionResponseSchema,
  subscriptionsResponseSchema,
  webhookAnswerSchema,
} from '../schemas/billing.ts';
import { defineOperations } from './define.ts';

const { orgAdmins } = roleGroups;

/**
 * Billing (docs/product.md "Billing and the payment hold", ARCHITECTURE.md "Billing") as Skylog routes, and Stripe's
 * webhook: the organization pays; its admins manage the plan, every member sees its status and whom to ask (a member of
 * an unpaid school is held on a page that says so, whatever their role).
 */
export const billingOperations = defineOperations({
  read: {
    name: 'billing.read',
    method: 'GET',
    path: '/api/billing',
    access: 'authenticated',
    summary: "Your organization's plan and payment state, as last read from Stripe",
    responses: { 200: billingStateSchema },
  },
  // Plans and prices are public: a pricing page and registration show them.
  listProducts: {
    name: 'billing.products',
    method: 'GET',
    path: '/api/billing/products',
    access: 'public',
    summary: 'Plans: active products with their recurring prices (getProductsWithPrices)',
    responses: { 200: productsResponseSchema },
  },
  readPrice: {
    name: 'billing.price',
    method: 'GET',
    path: '/api/billing/products/:productId/price',
    access: 'public',
    summary: "A product's price (getPriceByProductId)",
    params: productIdParamsSchema,
    responses: { 200: priceResponseSchema },
  },
  createCheckout: {
    name: 'billing.checkout',
    method: 'POST',
    path: '/api/billing/checkout-sessions',
    access: orgAdmins,
    summary: 'A Stripe Checkout Session for a plan, with an optional coupon and cable price (generateStripeSession)',
    body: checkoutRequestSchema,
    responses: { 201: checkoutSessionResponseSchema },
  },
  // A one-off item of the catalogue (the recorder cable), bought through Checkout in payment mode.
  createPurchase: {
    name: 'billing.purchase',
    method: 'POST',
    path: '/api/billing/purchases',
    access: orgAdmins,
    summary: 'A Stripe Checkout Session (payment mode) for an item sold once, such as the recorder cable, with its quantity',
    body: purchaseRequestSchema,
    responses: { 201: checkoutSessionResponseSchema },
  },
  confirmCheckout: {
    name: 'billing.confirm-checkout',
    method: 'POST',
    path: '/api/billing/checkout-sessions/:id/confirm',
    access: orgAdmins,
    summary: 'Read a finished checkout back from Stripe and apply it',
    params: stripeIdParamsSchema,
    responses: { 200: checkoutConfirmationSchema },
  },
  listSubscriptions: {
    name: 'billing.subscriptions',
    method: 'GET',
    path: '/api/billing/subscriptions',
    access: orgAdmins,
    summary: "Your organization's subscriptions (getSubscriptions)",
    query: customerQuerySchema,
    responses: { 200: subscriptionsResponseSchema },
  },
  readSubscription: {
    name: 'billing.subscription',
    method: 'GET',
    path: '/api/billing/subscriptions/:id',
    access: orgAdmins,
    summary: 'One subscription of your organization (getSubscriptionByID)',
    params: stripeIdParamsSchema,
    responses: { 200: subscriptionResponseSchema },
  },
  updateSubscription: {
    name: 'billing.update-subscription',
    method: 'PATCH',
    path: '/api/billing/subscription',
    access: orgAdmins,
    summary: "Change your organization's plan, or cancel it at the end of the period (or keep it)",
    body: subscriptionChangeSchema,
    responses: { 200: subscriptionResponseSchema },
  },
  listInvoices: {
    name: 'billing.invoices',
    method: 'GET',
    path: '/api/billing/invoices',
    access: orgAdmins,
    summary: "Your organization's invoices, newest first (getInvoicesByCustomerId)",
    query: customerQuerySchema,
    responses: { 200: invoicesResponseSchema },
  },
  readInvoice: {
    name: 'billing.invoice',
    method: 'GET',
    path: '/api/billing/invoices/:id',
    access: orgAdmins,
    summary: 'One invoice of your organization (getInvoiceByInvoiceId)',
    params: stripeIdParamsSchema,
    responses: { 200: invoiceResponseSchema },
  },
  createPortalSession: {
    name: 'billing.portal',
    method: 'POST',
    path: '/api/billing/portal-session',
    access: orgAdmins,
    summary: "Stripe's customer portal, where the payment method is managed",
    responses: { 201: portalSessionResponseSchema },
  },
  // Stripe calls it: the signature on the raw body is the proof, checked by the service. The body is the exact
  // bytes Stripe signed, so the operation declares none.
  receiveWebhook: {
    name: 'billing.webhook',
    method: 'POST',
    path: '/api/billing/webhook',
    access: 'public',
    summary: 'Stripe webhook (signed; each event applied once)',
    responses: { 200: webhookAnswerSchema },
  },
});
