import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { limits } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { authPhoneFactor, authTwoFactor, authUser, phoneFactorChallenges } from '../../db/schema/index.ts';

export type PhoneFactorRow = typeof authPhoneFactor.$inferSelect;

export async function findPhoneFactor(db: Executor, authId: string): Promise<PhoneFactorRow | undefined> {
  const [row] = await db.select().from(authPhoneFactor).where(eq(authPhoneFactor.userId, authId)).limit(1);
  return row;
}

/** A new phone waiting for its first code; an unconfirmed earlier one (and its codes) is replaced. */
export async function replacePendingPhoneFactor(
  db: Executor,
  authId: string,
  friendlyName: string,
  phoneNumber: string,
): Promise<PhoneFactorRow> {
  await db.delete(authPhoneFactor).where(and(eq(authPhoneFactor.userId, authId), isNull(authPhoneFactor.verifiedAt)));
  const [row] = await db.insert(authPhoneFactor).values({ userId: authId, friendlyName, phoneNumber }).returning();
  return row!;
}

export async function deletePhoneFactor(db: Executor, authId: string): Promise<void> {
  await db.delete(authPhoneFactor).where(eq(authPhoneFactor.userId, authId));
}

/**
 * Counts one more code for the phone in its window (a new window once the last has passed): answers how
 * many the window now holds and when it ends. One statement, so concurrent requests each count.
 */
export async function countPhoneCode(db: Executor, factorId: string): Promise<{ sent: number; windowEndsAt: Date }> {
  const window = sql`make_interval(mins => ${limits.phoneCodeWindowMinutes})`;
  const isNewWindow = sql`(${authPhoneFactor.codesWindowStart} is null or ${authPhoneFactor.codesWindowStart} <= now() - ${window})`;
  const [row] = await db
    .update(authPhoneFactor)
    .set({
      codesSent: sql`case when ${isNewWindow} then 1 else ${authPhoneFactor.codesSent} + 1 end`,
      codesWindowStart: sql`case when ${isNewWindow} then now() else ${authPhoneFactor.codesWindowStart} end`,
    })
    .where(eq(authPhoneFactor.id, factorId))
    .returning({ sent: authPhoneFactor.codesSent, windowEndsAt: sql<string>`${authPhoneFactor.codesWindowStart} + ${window}` });
  return { sent: row?.sent ?? 0, windowEndsAt: new Date(row?.windowEndsAt ?? Date.now()) };
}

export async function createPhoneChallenge(db: Executor, factorId: string, codeHash: string, expiresAt: Date): Promise<{ id: string }> {
  // Only the newest code stands: an earlier one stops working when another is sent.
  await db.delete(phoneFactorChallenges).where(eq(phoneFactorChallenges.factorId, factorId));
  const [row] = await db
    .insert(phoneFactorChallenges)
    .values({ factorId, codeHash, expiresAt })
    .returning({ id: phoneFactorChallenges.id });
  return row!;
}

export async function deletePhoneChallenge(db: Executor, id: string): Promise<void> {
  await db.delete(phoneFactorChallenges).where(eq(phoneFactorChallenges.id, id));
}

/** Takes one try at a challenge: answers it with the tries counted so far (this one included), or nothing when it is gone. */
export async function takePhoneChallengeTry(db: Executor, factorId: string, challengeId: string) {
  const [row] = await db
    .update(phoneFactorChallenges)
    .set({ attempts: sql`${phoneFactorChallenges.attempts} + 1` })
    .where(and(eq(phoneFactorChallenges.id, challengeId), eq(phoneFactorChallenges.factorId, factorId)))
    .returning();
  return row;
}

/** The phone answered its code: it is confirmed, and sign-in asks for a second step from now on. */
export async function confirmPhoneFactor(db: Executor, factorId: string, authId: string): Promise<void> {
  await db.delete(phoneFactorChallenges).where(eq(phoneFactorChallenges.factorId, factorId));
  await db
    .update(authPhoneFactor)
    .set({ verifiedAt: sql`now()` })
    .where(eq(authPhoneFactor.id, factorId));
  await syncSecondStepFlag(db, authId);
}

/**
 * Whether sign-in asks this person for a second step follows their confirmed factors (better-auth's
 * flag, which its plugin turns off whenever an authenticator app is removed).
 */
export async function syncSecondStepFlag(db: Executor, authId: string): Promise<void> {
  const hasAuthenticator = db
    .select({ id: authTwoFactor.id })
    .from(authTwoFactor)
    .where(and(eq(authTwoFactor.userId, authId), eq(authTwoFactor.verified, true)));
  const hasPhone = db
    .select({ id: authPhoneFactor.id })
    .from(authPhoneFactor)
    .where(and(eq(authPhoneFactor.userId, authId), isNotNull(authPhoneFactor.verifiedAt)));
  await db
    .update(authUser)
    .set({ twoFactorEnabled: sql`exists (${hasAuthenticator}) or exists (${hasPhone})` })
    .where(eq(authUser.id, authId));
}

/** Sign-in with a phone code: the wait after too many wrong codes, checked and cleared once over. */
export async function phoneLockedUntil(db: Executor, factor: PhoneFactorRow): Promise<Date | null> {
  if (!factor.lockedUntil) return null;
  if (factor.lockedUntil.getTime() > Date.now()) return factor.lockedUntil;
  await resetPhoneFailures(db, factor.id);
  return null;
}

/** One more wrong sign-in code in a row; the phone waits once there were too many. */
export async function recordPhoneFailure(db: Executor, factorId: string): Promise<void> {
  const failures = sql`${authPhoneFactor.failedAttempts} + 1`;
  await db
    .update(authPhoneFactor)
    .set({
      failedAttempts: failures,
      lockedUntil: sql`case when ${failures} >= ${limits.twoFactorMaxFailures} then now() + make_interval(mins => ${limits.twoFactorLockMinutes}) else ${authPhoneFactor.lockedUntil} end`,
    })
    .where(eq(authPhoneFactor.id, factorId));
}

export async function resetPhoneFailures(db: Executor, factorId: string): Promise<void> {
  await db.update(authPhoneFactor).set({ failedAttempts: 0, lockedUntil: null }).where(eq(authPhoneFactor.id, factorId));
}
