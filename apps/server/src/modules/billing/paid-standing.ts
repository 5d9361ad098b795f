import { isPaidSubscriptionStatus, limits, subscriptionStatusSchema, type BillingSubscription } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import * as repository from './billing.repository.ts';

const graceMs = limits.billingGraceDays * 86_400_000;

/**
 * When a school whose renewal failed stops being served (its grace period:
 * docs/product.md "Billing and the payment hold"), or null when none runs.
 */
export function graceEndOf(account: { subscriptionStatus: string | null; pastDueSince: Date | null } | null | undefined): Date | null {
  if (account?.subscriptionStatus !== 'past_due' || !account.pastDueSince) return null;
  return new Date(account.pastDueSince.getTime() + graceMs);
}

/**
 * Whether the subscription Stripe describes pays for the school at `now`: active or trialing, or past due (Stripe
 * still retrying the card) while the grace period runs. Anything else, or no subscription, does not.
 */
export function isSubscriptionPaying(subscriptionStatus: string | null, pastDueSince: Date | null, now: Date): boolean {
  const status = subscriptionStatusSchema.safeParse(subscriptionStatus).data ?? null;
  if (!isPaidSubscriptionStatus(status)) return false;
  const graceEnd = graceEndOf({ subscriptionStatus, pastDueSince });
  return !graceEnd || now < graceEnd;
}

/** Of a customer's subscriptions, the one that decides: the newest one still paying, else the newest of all. */
export function decidingSubscription(subscriptions: BillingSubscription[]): BillingSubscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created.localeCompare(a.created));
  return newestFirst.find((subscription) => isPaidSubscriptionStatus(subscription.status)) ?? newestFirst[0] ?? null;
}

/**
 * A member's standing for the payment hold (docs/product.md "Billing and the payment hold"). With billing off everyone
 * is paid, and so is the super admin, who runs Skylog. Otherwise the member's is_paid, which each read of Stripe sets
 * for the whole organization, unless a past-due grace period has ended since that read (no webhook marks the day it
 * ends).
 */
export function isMemberPaid(
  member: { role: string; isPaid: boolean },
  account: { subscriptionStatus: string | null; pastDueSince: Date | null } | null,
  isBillingOn: boolean,
  now = new Date(),
): boolean {
  if (!isBillingOn || member.role === 'super_admin') return true;
  if (!member.isPaid) return false;
  const graceEnd = graceEndOf(account);
  return !graceEnd || now < graceEnd;
}

/** Whether someone joining the organization now pays through it (billing off: everyone counts as paid). */
export async function isNewMemberPaid(ctx: AppContext, tx: Executor, orgId: string | null): Promise<boolean> {
  if (!ctx.billing) return true;
  if (!orgId) return false;
  // Shared lock: a sync of the organization's state waits for this member to be written, or this read waits for it.
  const account = await repository.findBillingAccount(tx, orgId, { isLocked: true });
  // An organization from before billing was switched on (or whose first checkout never finished) has never been
  // read from Stripe: its members' standing carries over.
  return account?.syncedAt ? account.isPaid : repository.isAnyMemberPaid(tx, orgId);
}
