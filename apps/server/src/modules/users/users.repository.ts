import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { orgColumns, signInDemands, subOrgColumns } from '../../db/columns.ts';
import { authAccount, authSession, authTwoFactor, authUser, emailChanges, orgs, subOrgs, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByAuthId(db: Executor, authId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.authId, authId)).limit(1);
  return row;
}

/** The Skylog person behind a better-auth account, with `signInDemands`. */
export async function findSessionPerson(db: Executor, authId: string) {
  const [row] = await db
    .select({ user: users, ...signInDemands })
    .from(users)
    .leftJoin(authTwoFactor, eq(authTwoFactor.userId, users.authId))
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(users.authId, authId))
    .limit(1);
  return row;
}

/** The person behind a session (a provider's sign-in just made it). */
export async function findUserBySessionToken(db: Executor, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authSession)
    .innerJoin(users, eq(users.authId, authSession.userId))
    .where(eq(authSession.token, token))
    .limit(1);
  return row?.user;
}

export async function findUserById(db: Executor, skylogId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.skylogId, skylogId)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

const findMeQuery = preparedQuery((db) =>
  db
    .select({
      user: users,
      org: orgColumns,
      subOrg: subOrgColumns,
      isEmailVerified: authUser.emailVerified,
    })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(subOrgs, eq(subOrgs.id, users.subOrgId))
    .leftJoin(authUser, eq(authUser.id, users.authId))
    .where(eq(users.skylogId, sql.placeholder('skylogId')))
    .limit(1)
    .prepare('find_me'),
);

/** What GET /api/me shows, in one round trip: it is asked for on every page load. */
export async function findMe(db: Database, skylogId: string) {
  const [row] = await findMeQuery(db, { skylogId });
  return row;
}

export type MeRow = NonNullable<Awaited<ReturnType<typeof findMe>>>;

export async function isEmailUsedByAnother(db: Executor, email: string, skylogId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.skylogId })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.skylogId, skylogId)))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(db: Executor, skylogId: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.skylogId, skylogId));
}

export async function updateAuthIdentity(db: Executor, authId: string, values: { name?: string; email?: string; emailVerified?: boolean }) {
  await db
    .update(authUser)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(authUser.id, authId));
}

/** A session's "last active", written only when older than `olderThanMs` (another instance may just have). */
export async function touchSessionLastSeen(db: Executor, token: string, olderThanMs: number): Promise<void> {
  await db
    .update(authSession)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(authSession.token, token), lt(authSession.updatedAt, new Date(Date.now() - olderThanMs))));
}

export async function deleteSessionByToken(db: Executor, token: string) {
  await db.delete(authSession).where(eq(authSession.token, token));
}

/** The stored password hash of a person's e-mail-and-password sign-in, if they have one. */
export async function findPasswordHash(db: Executor, authId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, authId), eq(authAccount.providerId, 'credential')))
    .limit(1);
  return row?.hash ?? null;
}

export async function insertEmailChange(db: Executor, values: typeof emailChanges.$inferInsert) {
  const [row] = await db.insert(emailChanges).values(values).returning();
  return row!;
}

/** Claims an open e-mail change once: a second use of the same link finds nothing. */
export async function claimEmailChange(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())))
    .returning();
  return row;
}

/** A newer request replaces older ones: only the latest link works. */
export async function closeEmailChangesOf(db: Executor, skylogId: string) {
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.skylogId, skylogId), isNull(emailChanges.usedAt)));
}
