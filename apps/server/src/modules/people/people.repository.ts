import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { byPersonName, selectPersonRows, type PersonRow } from '../../db/columns.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { authSession, studentInstructor, users } from '../../db/schema/index.ts';

export type PeopleFilter = {
  /** null: every organization (super_admin only). */
  orgId: string | null;
  subOrgId?: string | undefined;
  role?: Role | undefined;
  roles?: readonly Role[] | undefined;
  search?: string | undefined;
  cable?: 'collected' | 'not_collected' | undefined;
  status?: 'active' | 'inactive' | undefined;
  /** Only these people (an instructor's own students, say). */
  ids?: readonly string[] | undefined;
};

export type PeopleSort = { field: 'name' | 'email' | 'user_type' | 'created_at' | 'cable_collected_at'; order: 'asc' | 'desc' };


const sortColumns = {
  name: byPersonName,
  email: users.email,
  user_type: users.userType,
  created_at: users.createdAt,
  cable_collected_at: users.cableCollectedAt,
} as const;

function peopleWhere(filter: PeopleFilter): SQL | undefined {
  const pattern = containsPattern(filter.search);
  return and(
    filter.orgId ? eq(users.orgId, filter.orgId) : undefined,
    filter.subOrgId ? eq(users.subOrgId, filter.subOrgId) : undefined,
    filter.role ? eq(users.userType, filter.role) : undefined,
    filter.roles ? inArray(users.userType, [...filter.roles]) : undefined,
    filter.ids ? (filter.ids.length > 0 ? inArray(users.skylogId, [...filter.ids]) : sql`false`) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.licenseNumber, pattern)) : undefined,
    filter.cable === 'collected' ? eq(users.cableCollections, true) : filter.cable === 'not_collected' ? eq(users.cableCollections, false) : undefined,
    filter.status === 'active' ? eq(users.isActive, true) : filter.status === 'inactive' ? eq(users.isActive, false) : undefined,
  );
}

export async function listPeople(
  db: Executor,
  filter: PeopleFilter,
  sort: PeopleSort,
  offset: number,
  limit: number,
): Promise<{ items: PersonRow[]; total: number }> {
  const where = peopleWhere(filter);
  const column = sortColumns[sort.field];
  const [items, totals] = await Promise.all([
    selectPersonRows(db)
      .where(where)
      // People without a value (no cable collected yet) come last in either direction.
      .orderBy(sort.order === 'asc' ? asc(column) : sql`${column} desc nulls last`, asc(users.skylogId))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function updatePerson(db: Executor, skylogId: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.skylogId, skylogId));
}

export async function deletePerson(db: Executor, skylogId: string) {
  await db.delete(users).where(eq(users.skylogId, skylogId));
}

export async function deleteLinksOf(db: Executor, skylogId: string) {
  await db.delete(studentInstructor).where(or(eq(studentInstructor.instructor, skylogId), eq(studentInstructor.student, skylogId)));
}

/** Signs a person out everywhere except (optionally) the session in use. */
export async function deleteSessions(db: Executor, authId: string, exceptToken: string | null = null) {
  await db
    .delete(authSession)
    .where(and(eq(authSession.userId, authId), exceptToken ? sql`${authSession.token} <> ${exceptToken}` : undefined));
}
