import type { ApiOperation } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requireProvider, withProvider } from './billing-provider.ts';
import * as repository from './billing.repository.ts';
import { decidingSubscription, isSubscriptionPaying } from './paid-standing.ts';

/**
 * Why Stripe is read: a person's request, audited as its operation when something changed; or one of Stripe's
 * events, audited as the webhook's operation every time, naming the event.
 */
export type SyncCause =
  Pick<RequestScope, 'actor' | 'operation'> | { operation: ApiOperation; event: { id: string; type: string; createdAt: number } };

/**
 * Reads the customer's subscriptions from Stripe and stores what they say, with every member's is_paid.
 * Re-reading (never trusting an event's copy) makes the arrival order of webhooks irrelevant; the time the
 * answer arrived guards against an older answer committing after a newer one. `inTransaction` runs in the
 * same transaction (the webhook records its event id there, so a replay racing it has no second effect).
 */
export async function syncFromStripe(
  ctx: AppContext,
  account: repository.BillingAccount,
  cause: SyncCause,
  inTransaction?: (tx: Executor) => Promise<void>,
) {
  const provider = requireProvider(ctx);
  const subscription = decidingSubscription(await withProvider(() => provider.listSubscriptions(account.stripeCustomerId)));
  const readAt = new Date();
  const status = subscription?.status ?? null;
  const stored = await ctx.db.transaction(async (tx) => {
    await inTransaction?.(tx);
    const previous = await repository.lockBillingAccount(tx, account.orgId);
    // A newer read is already stored (two webhooks racing): the older one never wins.
    if (!previous || (previous.syncedAt && previous.syncedAt >= readAt)) return undefined;
    // The grace period of a failed renewal runs from the first read that found it past due.
    const pastDueSince =
      status === 'past_due' ? ((previous.subscriptionStatus === 'past_due' ? previous.pastDueSince : null) ?? readAt) : null;
    const state: repository.SubscriptionState = {
      subscriptionId: subscription?.id ?? null,
      subscriptionStatus: status,
      priceId: subscription?.price?.id ?? null,
      cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
      currentPeriodEnd: subscription?.current_period_end ? new Date(subscription.current_period_end) : null,
      pastDueSince,
      isPaid: isSubscriptionPaying(status, pastDueSince, readAt),
    };
    await repository.storeSubscriptionState(tx, account.orgId, state, readAt);
    await repository.setOrgMembersPaid(tx, account.orgId, state.isPaid);
    if (state.isPaid) await repository.forgetChosenPlan(tx, account.orgId);
    return { before: previous, state };
  });
  // Stored unless a newer read already was (then that one's entry tells the story).
  if (stored) {
    const { before, state } = stored;
    const was = {
      status: before.subscriptionStatus,
      price_id: before.priceId,
      is_paid: before.isPaid,
      cancel_at_period_end: before.cancelAtPeriodEnd,
    };
    const now = {
      status: state.subscriptionStatus,
      price_id: state.priceId,
      is_paid: state.isPaid,
      cancel_at_period_end: state.cancelAtPeriodEnd,
    };
    const isChange = JSON.stringify(was) !== JSON.stringify(now);
    if ('event' in cause || isChange) {
      await ctx.audit.record({
        actor: 'event' in cause ? null : cause.actor,
        orgId: account.orgId,
        action: cause.operation,
        resource: `orgs/${account.orgId}/billing`,
        status: 'success',
        details: {
          customer_id: account.stripeCustomerId,
          before: was,
          after: now,
          ...('event' in cause
            ? { event_id: cause.event.id, event_type: cause.event.type, event_created: new Date(cause.event.createdAt).toISOString() }
            : {}),
        },
      });
    }
  }
  // A newer read may have won meanwhile: answer what is stored.
  const now = await repository.findBillingAccount(ctx.db, account.orgId);
  return { isPaid: now?.isPaid ?? false, subscription };
}
