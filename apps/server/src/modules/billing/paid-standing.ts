import { isPaidSubscriptionStatus, limits, subscriptionStatusSchema } from '@skylog/contracts';

const graceMs = limits.billingGraceDays * 86_400_000;

/** When a school whose renewal failed stops being served (docs/product-decisions.md #4: its grace period), or null when none runs. */
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

/**
 * A member's standing for the payment hold (docs/product-decisions.md #4). With billing off everyone is paid, and so is the super
 * admin, who runs Skylog. Otherwise the member's is_paid, which each read of Stripe sets for the whole organization,
 * unless a past-due grace period has ended since that read (no webhook marks the day it ends).
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
