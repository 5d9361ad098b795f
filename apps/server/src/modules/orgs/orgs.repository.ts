import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ChosenPlan } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { byPersonName, orgColumns, subOrgColumns } from '../../db/columns.ts';
import { orgs, subOrgs, trips, users } from '../../db/schema/index.ts';

export async function listOrgs(db: Executor) {
  return db.select(orgColumns).from(orgs).orderBy(asc(orgs.name));
}

export async function insertOrg(db: Executor, name: string, chosenPlan: ChosenPlan | null = null) {
  const [row] = await db.insert(orgs).values({ name, chosenPlan }).returning(orgColumns);
  return row!;
}

export async function renameOrg(db: Executor, id: string, name: string) {
  const [row] = await db.update(orgs).set({ name }).where(eq(orgs.id, id)).returning(orgColumns);
  return row;
}

export async function findSignInPolicy(db: Executor, id: string) {
  const [row] = await db.select({ requireAdminTwoFactor: orgs.requireAdminTwoFactor }).from(orgs).where(eq(orgs.id, id)).limit(1);
  return row;
}

export async function setSignInPolicy(db: Executor, id: string, requireAdminTwoFactor: boolean): Promise<void> {
  await db.update(orgs).set({ requireAdminTwoFactor }).where(eq(orgs.id, id));
}

export type SubOrgFilter = { orgId: string | null; id?: string | null | undefined; search?: string | undefined };

/** Sub-organizations with their member and trip counts and the exact total. */
export async function listSubOrgs(db: Executor, filter: SubOrgFilter, offset: number, limit: number) {
  const pattern = containsPattern(filter.search);
  const where = and(
    filter.orgId ? eq(subOrgs.orgId, filter.orgId) : undefined,
    filter.id ? eq(subOrgs.id, filter.id) : undefined,
    pattern ? ilike(subOrgs.name, pattern) : undefined,
  );
  const memberCount = sql<number>`(select count(*) from ${users} where ${users.subOrgId} = ${subOrgs.id})::int`;
  // Qualified by hand: drizzle leaves columns bare in a one-table query, and trips has an id of its own.
  const tripCount = sql<number>`(select count(*) from ${trips} where ${trips.subOrgId} = "sub_orgs"."id")::int`;
  const [items, totals] = await Promise.all([
    db
      .select({ ...subOrgColumns, memberCount, tripCount })
      .from(subOrgs)
      .where(where)
      .orderBy(asc(subOrgs.name), asc(subOrgs.id))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(subOrgs).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function insertSubOrg(db: Executor, values: { orgId: string; name: string; description: string | null }) {
  const [row] = await db.insert(subOrgs).values(values).returning(subOrgColumns);
  return row!;
}

export async function updateSubOrg(db: Executor, id: string, values: { name?: string; description?: string | null }) {
  const [row] = await db
    .update(subOrgs)
    .set(values)
    .where(eq(subOrgs.id, id))
    .returning(subOrgColumns);
  return row;
}

export async function countSubOrgMembers(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.subOrgId, id));
  return row?.value ?? 0;
}

export async function deleteSubOrg(db: Executor, id: string) {
  await db.delete(subOrgs).where(eq(subOrgs.id, id));
}

/**
 * Each member of a sub-organization with the count and flight time of the sub-organization's flights
 * they are on (owner, left or right seat): one row per member, ordered by name.
 */
export async function listSubOrgFlightStats(db: Executor, subOrgId: string) {
  return db
    .select({
      skylogId: users.skylogId,
      name: users.name,
      email: users.email,
      userType: users.userType,
      flights: sql<number>`count(${trips.id})::int`,
      flightTimeMs: sql<number>`coalesce(sum(${trips.durationMs}), 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(
      trips,
      and(eq(trips.subOrgId, subOrgId), or(eq(trips.skylogId, users.skylogId), eq(trips.leftSeat, users.skylogId), eq(trips.rightSeat, users.skylogId))),
    )
    .where(eq(users.subOrgId, subOrgId))
    .groupBy(users.skylogId)
    .orderBy(byPersonName, asc(users.skylogId));
}
