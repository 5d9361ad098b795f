import { messages } from '@skylog/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { WebhookSignatureError } from '../../integrations/stripe/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PublicRequestScope } from '../../lib/serve-operations.ts';
import { requireProvider } from './billing-provider.ts';
import { findBillingAccountByCustomer } from '../../access/access.repository.ts';
import * as repository from './billing.repository.ts';
import { syncFromStripe } from './subscription-sync.ts';

/** The events that can change what an organization pays for; the rest are answered and recorded as ignored. */
const handledEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

class ReplayedEvent extends Error {}

/**
 * POST /api/billing/webhook: verified on the raw body, applied once per event id. Whatever cannot be
 * applied (an unknown customer, an organization that does not match, an event Skylog does not use) is
 * logged and answered 200, so Stripe does not retry it forever; a failure while re-reading Stripe answers
 * 502, so Stripe retries later, with nothing stored.
 */
export async function receiveWebhook(
  ctx: AppContext,
  scope: PublicRequestScope,
  rawBody: Buffer,
  signature: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
) {
  const provider = requireProvider(ctx);
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new AppError('bad_request', messages.billingWebhookSignature, { 'stripe-signature': error.message });
    throw error;
  }
  if (await repository.isEventRecorded(ctx.db, event.id)) return { received: true as const, duplicate: true };
  const account = event.customerId ? await findBillingAccountByCustomer(ctx.db, event.customerId) : undefined;
  const record = (tx: Executor, outcome: 'applied' | 'ignored') =>
    repository.recordEvent(tx, {
      id: event.id,
      type: event.type,
      createdAt: new Date(event.createdAt),
      orgId: account?.orgId ?? null,
      outcome,
    });
  const ignore = async (reason: string) => {
    log.warn({ eventId: event.id, type: event.type, customerId: event.customerId, reason }, 'stripe webhook ignored');
    const isFirst = await record(ctx.db, 'ignored');
    return { received: true as const, duplicate: !isFirst };
  };
  if (!handledEvents.has(event.type)) return ignore('event type not used');
  if (!account) return ignore('unknown customer');
  if (event.orgId && event.orgId !== account.orgId)
    return ignore(`metadata names organization ${event.orgId}, the customer pays for ${account.orgId}`);
  try {
    await syncFromStripe(ctx, account, { operation: scope.operation, event }, async (tx) => {
      if (!(await record(tx, 'applied'))) throw new ReplayedEvent();
    });
  } catch (error) {
    if (error instanceof ReplayedEvent) return { received: true as const, duplicate: true };
    // Whatever Stripe answered while being re-read, this event is not applied: a 5xx makes Stripe send it again
    // (a 4xx would read as a bad signature).
    log.error({ err: error, eventId: event.id, type: event.type }, 'stripe webhook not applied');
    throw error instanceof AppError && error.code === 'provider_unavailable'
      ? error
      : new AppError('provider_unavailable', messages.billingUnavailable);
  }
  return { received: true as const };
}
