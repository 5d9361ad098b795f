import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AssignableRole } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { authAccount, authUser, users } from '../../db/schema/index.ts';

export type NewAccount = {
  email: string;
  name: string;
  passwordHash: string;
  isEmailVerified: boolean;
  userType: AssignableRole;
  orgId: string | null;
  subOrgId: string | null;
  isPaid: boolean;
  profile?: Partial<Pick<typeof users.$inferInsert, 'phone' | 'program' | 'licenseNumber' | 'international' | 'fulltime' | 'certifications'>>;
};

/** A Skylog person as an invitation or registration makes them (their sign-in identity is made beside it). */
export type NewMember = Omit<NewAccount, 'passwordHash' | 'isEmailVerified'>;

/** The Skylog user row of a sign-in identity that exists already (one a provider's sign-in made). */
export async function insertMember(tx: Executor, authId: string, member: NewMember): Promise<{ skylogId: string; authId: string }> {
  const [row] = await tx
    .insert(users)
    .values({
      authId,
      name: member.name,
      email: member.email,
      userType: member.userType,
      orgId: member.orgId,
      subOrgId: member.subOrgId,
      isPaid: member.isPaid,
      ...member.profile,
    })
    .returning({ skylogId: users.skylogId });
  return { skylogId: row!.skylogId, authId };
}

/** Creates the sign-in identity, its password credential and the Skylog user row; run it inside a transaction. */
export async function insertAccount(tx: Executor, account: NewAccount): Promise<{ skylogId: string; authId: string }> {
  const authId = randomUUID();
  await tx.insert(authUser).values({
    id: authId,
    name: account.name,
    email: account.email,
    emailVerified: account.isEmailVerified,
  });
  await tx.insert(authAccount).values({
    id: randomUUID(),
    accountId: authId,
    providerId: 'credential',
    userId: authId,
    password: account.passwordHash,
  });
  const { passwordHash: _password, isEmailVerified: _verified, ...member } = account;
  return insertMember(tx, authId, member);
}

export async function isEmailTaken(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(sql`lower(${authUser.email})`, email.toLowerCase()))
    .limit(1);
  if (row) return true;
  const [user] = await tx
    .select({ id: users.skylogId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(user);
}

export async function countAccounts(tx: Executor): Promise<number> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(authUser);
  return row?.count ?? 0;
}

/** Removes a sign-in identity and everything better-auth keeps of it (sessions, provider accounts). */
export async function deleteAuthUser(tx: Executor, authId: string): Promise<void> {
  await tx.delete(authUser).where(eq(authUser.id, authId));
}
