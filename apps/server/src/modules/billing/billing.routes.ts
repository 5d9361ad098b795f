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
} from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './billing.service.ts';

const tags = ['billing'];

/** docs/product-spec.md §7's payment worker as Skylog routes (ARCHITECTURE.md "Billing"), and Stripe's webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/billing',
    {
      config: { operation: 'billing.read' },
      schema: { tags, summary: "Your organization's plan and payment state, as last read from Stripe", response: { 200: billingStateSchema } },
    },
    async (request) => service.getBillingState(ctx, requireUser(request)),
  );

  app.get(
    '/api/billing/products',
    {
      config: { operation: 'billing.products' },
      schema: { tags, summary: 'Plans: active products with their recurring prices (getProductsWithPrices)', response: { 200: productsResponseSchema } },
    },
    async () => service.getProducts(ctx),
  );

  app.get(
    '/api/billing/products/:productId/price',
    {
      config: { operation: 'billing.price' },
      schema: { tags, summary: "A product's price (getPriceByProductId)", params: productIdParamsSchema, response: { 200: priceResponseSchema } },
    },
    async (request) => service.getPriceByProduct(ctx, request.params.productId),
  );

  app.post(
    '/api/billing/checkout-sessions',
    {
      config: { operation: 'billing.checkout' },
      schema: {
        tags,
        summary: 'A Stripe Checkout Session for a plan, with an optional coupon and cable price (generateStripeSession)',
        body: checkoutRequestSchema,
        response: { 201: checkoutSessionResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCheckout(ctx, requireUser(request), request.body, request.url)),
  );

  app.post(
    '/api/billing/purchases',
    {
      config: { operation: 'billing.purchase' },
      schema: {
        tags,
        summary: 'A Stripe Checkout Session (payment mode) for an item sold once, such as the recorder cable, with its quantity',
        body: purchaseRequestSchema,
        response: { 201: checkoutSessionResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPurchase(ctx, requireUser(request), request.body)),
  );

  app.post(
    '/api/billing/checkout-sessions/:id/confirm',
    {
      config: { operation: 'billing.confirm-checkout' },
      schema: { tags, summary: 'Read a finished checkout back from Stripe and apply it', params: stripeIdParamsSchema, response: { 200: checkoutConfirmationSchema } },
    },
    async (request) => service.confirmCheckout(ctx, requireUser(request), request.params.id, request.url),
  );

  app.get(
    '/api/billing/subscriptions',
    {
      config: { operation: 'billing.subscriptions' },
      schema: { tags, summary: "Your organization's subscriptions (getSubscriptions)", querystring: customerQuerySchema, response: { 200: subscriptionsResponseSchema } },
    },
    async (request) => service.listSubscriptions(ctx, requireUser(request), request.query.customerId, request.url),
  );

  app.get(
    '/api/billing/subscriptions/:id',
    {
      config: { operation: 'billing.subscription' },
      schema: { tags, summary: 'One subscription of your organization (getSubscriptionByID)', params: stripeIdParamsSchema, response: { 200: subscriptionResponseSchema } },
    },
    async (request) => service.getSubscription(ctx, requireUser(request), request.params.id, request.url),
  );

  app.patch(
    '/api/billing/subscription',
    {
      config: { operation: 'billing.update-subscription' },
      schema: {
        tags,
        summary: "Change your organization's plan, or cancel it at the end of the period (or keep it)",
        body: subscriptionChangeSchema,
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => service.updateSubscription(ctx, requireUser(request), request.body),
  );

  app.get(
    '/api/billing/invoices',
    {
      config: { operation: 'billing.invoices' },
      schema: { tags, summary: "Your organization's invoices, newest first (getInvoicesByCustomerId)", querystring: customerQuerySchema, response: { 200: invoicesResponseSchema } },
    },
    async (request) => service.listInvoices(ctx, requireUser(request), request.query.customerId, request.url),
  );

  app.get(
    '/api/billing/invoices/:id',
    {
      config: { operation: 'billing.invoice' },
      schema: { tags, summary: 'One invoice of your organization (getInvoiceByInvoiceId)', params: stripeIdParamsSchema, response: { 200: invoiceResponseSchema } },
    },
    async (request) => service.getInvoice(ctx, requireUser(request), request.params.id, request.url),
  );

  app.post(
    '/api/billing/portal-session',
    {
      config: { operation: 'billing.portal' },
      schema: { tags, summary: "Stripe's customer portal, where the payment method is managed", response: { 201: portalSessionResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.createPortalSession(ctx, requireUser(request))),
  );

  // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/billing/webhook',
      {
        config: { operation: 'billing.webhook' },
        schema: { tags, summary: 'Stripe webhook (signed; each event applied once)', response: { 200: webhookAnswerSchema } },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return service.receiveWebhook(ctx, rawBody, typeof signature === 'string' ? signature : undefined, request.log);
      },
    );
  });
};
