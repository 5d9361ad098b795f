import type { ChosenPlan, Role } from '@skylog/contracts';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingAccounts, orgs, stripeEvents, users } from '../../db/schema/index.ts';

export type BillingAccount = typeof billingAccounts.$inferSelect;

export async function findBillingAccount(db: Executor, orgId: string, { isLocked = false } = {}): Promise<BillingAccount | undefined> {
  const query = db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).limit(1);
  const [row] = isLocked ? await query.for('share') : await query;
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
  pastDueSince: Date | null;
  isPaid: boolean;
};

/** The organization's account, locked until the transaction ends: one read of Stripe is stored at a time. */
export async function lockBillingAccount(tx: Executor, orgId: string): Promise<BillingAccount | undefined> {
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).for('update');
  return row;
}

export async function storeSubscriptionState(tx: Executor, orgId: string, state: SubscriptionState, syncedAt: Date): Promise<void> {
  await tx
    .update(billingAccounts)
    .set({ ...state, syncedAt })
    .where(eq(billingAccounts.orgId, orgId));
}

/** The school's active people of the roles given (those who pay for it), whom its other members ask. */
export async function findBillingContacts(db: Executor, orgId: string, billingManagerRoles: readonly Role[]) {
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isActive, true), inArray(users.userType, [...billingManagerRoles])))
    .orderBy(users.name)
    .limit(5);
}

/** The plan a new school chose at registration (null once it has paid, or when none was chosen). */
export async function findChosenPlan(db: Executor, orgId: string): Promise<ChosenPlan | null> {
  const [row] = await db.select({ plan: orgs.chosenPlan }).from(orgs).where(eq(orgs.id, orgId)).limit(1);
  return row?.plan ?? null;
}

/** The school has paid: the plan it chose at registration has served its purpose. */
export async function forgetChosenPlan(tx: Executor, orgId: string): Promise<void> {
  await tx.update(orgs).set({ chosenPlan: null }).where(and(eq(orgs.id, orgId), isNotNull(orgs.chosenPlan)));
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
