import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { receiveWebhook } from './billing-webhook.ts';
import * as service from './billing.service.ts';

const { receiveWebhook: webhookOperation, ...screenOperations } = operations.billing;

/** The billing screens' routes (docs/product.md "Billing and the payment hold"; ARCHITECTURE.md "Billing"), and Stripe's webhook. */
export const billingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'billing', screenOperations, {
    read: async ({ scope }) => service.getBillingState(ctx, scope),
    listProducts: async () => service.getProducts(ctx),
    readPrice: async ({ params }) => service.getPriceByProduct(ctx, params.productId),
    createCheckout: async ({ scope, body }) => service.createCheckout(ctx, scope, body),
    createPurchase: async ({ scope, body }) => service.createPurchase(ctx, scope, body),
    confirmCheckout: async ({ scope, params }) => service.confirmCheckout(ctx, scope, params.id),
    listSubscriptions: async ({ scope, query }) => service.listSubscriptions(ctx, scope, query.customerId),
    readSubscription: async ({ scope, params }) => service.getSubscription(ctx, scope, params.id),
    updateSubscription: async ({ scope, body }) => service.updateSubscription(ctx, scope, body),
    listInvoices: async ({ scope, query }) => service.listInvoices(ctx, scope, query.customerId),
    readInvoice: async ({ scope, params }) => service.getInvoice(ctx, scope, params.id),
    createPortalSession: async ({ scope }) => service.createPortalSession(ctx, scope),
  });

  // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    serveOperations(
      webhook,
      'billing',
      { receiveWebhook: webhookOperation },
      {
        receiveWebhook: async ({ scope, request }) => {
          const signature = request.headers['stripe-signature'];
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return receiveWebhook(ctx, scope, rawBody, typeof signature === 'string' ? signature : undefined, request.log);
        },
      },
    );
  });
};
