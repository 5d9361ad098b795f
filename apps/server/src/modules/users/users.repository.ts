import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authSession, authUser, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByAuthId(db: Executor, authId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.authId, authId)).limit(1);
  return row;
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

export async function findEmailVerified(db: Executor, authId: string): Promise<boolean> {
  const [row] = await db.select({ value: authUser.emailVerified }).from(authUser).where(eq(authUser.id, authId)).limit(1);
  return row?.value ?? false;
}

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

export async function deleteAuthIdentity(db: Executor, authId: string) {
  await db.delete(authUser).where(eq(authUser.id, authId));
}

export async function deleteSessionByToken(db: Executor, token: string) {
  await db.delete(authSession).where(eq(authSession.token, token));
}
