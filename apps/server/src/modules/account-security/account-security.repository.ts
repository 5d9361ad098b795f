import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authAccount, authSession, authTwoFactor, authVerification, usedTotpCodes } from '../../db/schema/index.ts';
import { findPhoneFactor } from './phone-factor.repository.ts';

/**
 * Takes an authenticator code for a person, once: false when it was already taken and may still be
 * valid (a replay). The primary key makes two requests racing with one code take it only once.
 */
export async function claimTotpCode(db: Executor, userId: string, codeHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), lte(usedTotpCodes.expiresAt, new Date())));
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, codeHash, expiresAt })
    .onConflictDoNothing()
    .returning({ userId: usedTotpCodes.userId });
  return claimed.length > 0;
}

/** A wrong code is not "used": the same digits may be right in a later step. */
export async function releaseTotpCode(db: Executor, userId: string, codeHash: string): Promise<void> {
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.codeHash, codeHash)));
}

/** The person a pending second sign-in step belongs to (better-auth keeps it as a verification value). */
export async function userOfSignInChallenge(db: Executor, identifier: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: authVerification.value })
    .from(authVerification)
    .where(and(eq(authVerification.identifier, identifier), gt(authVerification.expiresAt, new Date())))
    .limit(1);
  return row?.value;
}

export async function findTwoFactor(db: Executor, authId: string) {
  const [row] = await db
    .select({
      id: authTwoFactor.id,
      verified: authTwoFactor.verified,
      friendlyName: authTwoFactor.friendlyName,
      createdAt: authTwoFactor.createdAt,
      backupCodes: authTwoFactor.backupCodes,
    })
    .from(authTwoFactor)
    .where(eq(authTwoFactor.userId, authId))
    .limit(1);
  return row;
}

/** The person's authenticator app and phone, each if they have one (confirmed or not). */
export async function findFactors(db: Executor, authId: string) {
  const [authenticator, phone] = await Promise.all([findTwoFactor(db, authId), findPhoneFactor(db, authId)]);
  return { authenticator, phone };
}

export async function deleteTwoFactor(db: Executor, authId: string): Promise<void> {
  await db.delete(authTwoFactor).where(eq(authTwoFactor.userId, authId));
}

export async function nameTwoFactor(db: Executor, authId: string, friendlyName: string): Promise<void> {
  await db
    .update(authTwoFactor)
    .set({ friendlyName, createdAt: sql`now()` })
    .where(eq(authTwoFactor.userId, authId));
}

export async function listSessions(db: Executor, authId: string) {
  return db
    .select({
      id: authSession.id,
      token: authSession.token,
      userAgent: authSession.userAgent,
      ipAddress: authSession.ipAddress,
      createdAt: authSession.createdAt,
      updatedAt: authSession.updatedAt,
    })
    .from(authSession)
    .where(and(eq(authSession.userId, authId), gt(authSession.expiresAt, new Date())))
    .orderBy(desc(authSession.updatedAt));
}

/**
 * Ends one of the person's own sessions other than `keepToken` (the one in use): answers whether it did,
 * or that the id names the session in use, or nothing of theirs.
 */
export async function deleteOwnSession(
  db: Executor,
  authId: string,
  sessionId: string,
  keepToken: string | null,
): Promise<'ended' | 'in-use' | 'none'> {
  const own = and(eq(authSession.id, sessionId), eq(authSession.userId, authId));
  const deleted = await db
    .delete(authSession)
    .where(keepToken ? and(own, ne(authSession.token, keepToken)) : own)
    .returning({ id: authSession.id });
  if (deleted.length > 0) return 'ended';
  const [kept] = await db.select({ id: authSession.id }).from(authSession).where(own).limit(1);
  return kept ? 'in-use' : 'none';
}

/** The person's accounts at sign-in providers (not their password, which better-auth keeps as provider `credential`). */
export async function listIdentities(db: Executor, authId: string) {
  return db
    .select({ id: authAccount.id, providerId: authAccount.providerId, createdAt: authAccount.createdAt })
    .from(authAccount)
    .where(and(eq(authAccount.userId, authId), ne(authAccount.providerId, 'credential')))
    .orderBy(asc(authAccount.createdAt));
}

export async function deleteIdentity(db: Executor, authId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(authAccount)
    .where(and(eq(authAccount.id, id), eq(authAccount.userId, authId), ne(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  return deleted.length > 0;
}

/** The encrypted key of a person's confirmed authenticator app, to check a code outside sign-in (re-authentication). */
export async function findAuthenticatorSecret(db: Executor, authId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: authTwoFactor.secret })
    .from(authTwoFactor)
    .where(and(eq(authTwoFactor.userId, authId), eq(authTwoFactor.verified, true)))
    .limit(1);
  return row?.secret;
}
