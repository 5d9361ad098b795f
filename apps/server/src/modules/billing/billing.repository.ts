import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingAccounts, stripeEvents, users } from '../../db/schema/index.ts';

export type BillingAccount = typeof billingAccounts.$inferSelect;

export async function findBillingAccount(db: Executor, orgId: string, { isLocked = false } = {}): Promise<BillingAccount | undefined> {
  const query = db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).limit(1);
  const [row] = isLocked ? await query.for('share') : await query;
  return row;
}

export async function findBillingAccountByCustomer(db: Executor, customerId: string): Promise<BillingAccount | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId)).limit(1);
  return row;
}

/** Links the organization to its customer once; the first link stands (a concurrent one reads it back). */
export async function linkCustomer(db: Executor, orgId: string, customerId: string): Promise<BillingAccount> {
  await db.insert(billingAccounts).values({ orgId, stripeCustomerId: customerId }).onConflictDoNothing();
  const account = await findBillingAccount(db, orgId);
  if (!account) throw new Error(`billing account of ${orgId} vanished`);
  return account;
}

export type SubscriptionState = {
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  priceId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  isPaid: boolean;
};

/**
 * Stores the state read from Stripe at `syncedAt`, unless a later read is already stored (two webhooks
 * racing: the older read never wins). Answers the state before, or undefined when this read was older.
 */
export async function storeSubscriptionState(tx: Executor, orgId: string, state: SubscriptionState, syncedAt: Date) {
  const [before] = await tx.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).for('update');
  if (!before) return undefined;
  const [stored] = await tx
    .update(billingAccounts)
    .set({ ...state, syncedAt })
    .where(and(eq(billingAccounts.orgId, orgId), or(isNull(billingAccounts.syncedAt), lt(billingAccounts.syncedAt, syncedAt))))
    .returning({ orgId: billingAccounts.orgId });
  return stored ? before : undefined;
}

/** Every member of the organization (its sub-organizations included) pays through it; the super admin only visits. */
export async function setOrgMembersPaid(tx: Executor, orgId: string, isPaid: boolean): Promise<number> {
  const changed = await tx
    .update(users)
    .set({ isPaid })
    .where(and(eq(users.orgId, orgId), eq(users.isPaid, !isPaid), ne(users.userType, 'super_admin')))
    .returning({ id: users.skylogId });
  return changed.length;
}

export async function isAnyMemberPaid(db: Executor, orgId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.skylogId }).from(users).where(and(eq(users.orgId, orgId), eq(users.isPaid, true))).limit(1);
  return Boolean(row);
}

export async function isEventRecorded(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return Boolean(row);
}

/** Records the event; false when it was recorded already (a replay racing this one). */
export async function recordEvent(tx: Executor, event: { id: string; type: string; createdAt: Date; orgId: string | null; outcome: 'applied' | 'ignored' }) {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, createdAtStripe: event.createdAt, orgId: event.orgId, outcome: event.outcome })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
