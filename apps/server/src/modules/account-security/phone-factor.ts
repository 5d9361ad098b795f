import { randomInt, timingSafeEqual } from 'node:crypto';
import { accountMessages, limits, phoneCodesRateLimitedMessage, twoFactorLockedMessage, type FactorChallengeSent } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import type { SmsSender } from '../../integrations/sms/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { hashSecretToken } from '../../lib/secret-token.ts';
import * as repository from './phone-factor.repository.ts';
import type { PhoneFactorRow } from './phone-factor.repository.ts';

// A phone factor: confirmed here by Skylog's own code sent by text message (a challenge, then a verify); at sign-in
// better-auth's two-factor plugin makes, sends (through sendSignInCode) and checks the code.

/** All but the last digits hidden: the screen says where a code went without showing the number. */
export const phoneHintOf = (phoneNumber: string) => `•••• ${phoneNumber.slice(-4)}`;

const newCode = () => String(randomInt(0, 10 ** limits.totpDigits)).padStart(limits.totpDigits, '0');

const codeText = (code: string, purpose: 'confirm' | 'sign-in') =>
  purpose === 'confirm'
    ? `${code} is your Skylog code to confirm this phone. It expires in ${limits.phoneCodeLifetimeMinutes} minutes.`
    : `${code} is your Skylog sign-in code. It expires in ${limits.phoneCodeLifetimeMinutes} minutes. If you are not signing in, change your Skylog password.`;

/** Counts a code against the phone's window first: a text costs money and can be used to pester someone. */
async function reservePhoneCode(db: Executor, factor: PhoneFactorRow): Promise<void> {
  const { sent, windowEndsAt } = await repository.countPhoneCode(db, factor.id);
  if (sent > limits.phoneCodesPerWindow) {
    throw new AppError(
      'rate_limited',
      phoneCodesRateLimitedMessage(Math.max(1, Math.ceil((windowEndsAt.getTime() - Date.now()) / 60_000))),
    );
  }
}

/** POST /api/factors with factor_type `phone`: a phone waiting for its first code (sent by the challenge call). */
export async function addPhoneFactor(
  ctx: AppContext,
  actor: RequestUser,
  input: { friendly_name: string; phone: string },
): Promise<PhoneFactorRow> {
  const existing = await repository.findPhoneFactor(ctx.db, actor.authId);
  if (existing?.verifiedAt) throw conflict(accountMessages.phoneAlreadyEnrolled);
  return repository.replacePendingPhoneFactor(ctx.db, actor.authId, input.friendly_name, input.phone);
}

/** POST /api/factors/{id}/challenge: a code by text message, to confirm a new phone. */
export async function challengePhoneFactor(
  ctx: AppContext,
  { actor, operation }: RequestScope,
  factor: PhoneFactorRow,
): Promise<FactorChallengeSent> {
  if (factor.verifiedAt) throw conflict(accountMessages.phoneAlreadyVerified);
  await reservePhoneCode(ctx.db, factor);
  const code = newCode();
  const expiresAt = new Date(Date.now() + limits.phoneCodeLifetimeMinutes * 60_000);
  const challenge = await repository.createPhoneChallenge(ctx.db, factor.id, hashSecretToken(code), expiresAt);
  try {
    await ctx.sms.send({ to: factor.phoneNumber, text: codeText(code, 'confirm') });
  } catch (error) {
    await repository.deletePhoneChallenge(ctx.db, challenge.id);
    await ctx.audit.record({
      actor,
      action: operation,
      resource: `factors/${factor.id}`,
      status: 'failure',
      details: { reason: (error as Error).message },
    });
    throw new AppError('provider_unavailable', accountMessages.smsNotSent);
  }
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `factors/${factor.id}`,
    status: 'success',
    details: { channel: 'sms' },
  });
  return { challenge_id: challenge.id, channel: 'sms', sent_to: phoneHintOf(factor.phoneNumber), expires_at: expiresAt.toISOString() };
}

const isSameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** POST /api/factors/{id}/verify for a phone: the code of its newest challenge confirms it; sign-in then asks for a second step. */
export async function confirmPhoneFactor(
  ctx: AppContext,
  { actor, operation }: RequestScope,
  factor: PhoneFactorRow,
  code: string,
  challengeId: string | undefined,
) {
  if (factor.verifiedAt) throw conflict(accountMessages.phoneAlreadyVerified);
  if (!challengeId) throw badRequest(accountMessages.phoneChallengeNeeded, { challenge_id: accountMessages.phoneChallengeNeeded });
  const challenge = await repository.takePhoneChallengeTry(ctx.db, factor.id, challengeId);
  const fail = async (message: string) => {
    await ctx.audit.record({
      actor,
      action: operation,
      resource: `factors/${factor.id}`,
      status: 'failure',
      details: { factorType: 'phone' },
    });
    return badRequest(message, { code: message });
  };
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) throw await fail(accountMessages.phoneCodeExpired);
  if (challenge.attempts > limits.twoFactorMaxFailures) throw await fail(accountMessages.phoneCodeTooManyTries);
  if (!isSameHash(challenge.codeHash, hashSecretToken(code.trim()))) throw await fail(accountMessages.phoneCodeWrong);
  await ctx.db.transaction((tx) => repository.confirmPhoneFactor(tx, factor.id, actor.authId));
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `factors/${factor.id}`,
    status: 'success',
    details: { factorType: 'phone' },
  });
}

/** The person's confirmed phone, for a sign-in code; refused without one, or while wrong codes made it wait. */
async function signInPhoneOf(db: Executor, authId: string): Promise<PhoneFactorRow> {
  const factor = await repository.findPhoneFactor(db, authId);
  if (!factor?.verifiedAt) throw badRequest(accountMessages.phoneNotForSignIn);
  if (await repository.phoneLockedUntil(db, factor))
    throw new AppError('rate_limited', twoFactorLockedMessage(limits.twoFactorLockMinutes));
  return factor;
}

/** Before better-auth sends a sign-in code (/two-factor/send-otp): a confirmed phone, within its window. */
export async function reserveSignInCode(db: Executor, authId: string): Promise<void> {
  await reservePhoneCode(db, await signInPhoneOf(db, authId));
}

/**
 * better-auth's two-factor plugin hands its sign-in code here. Only a confirmed phone gets it; the proxy
 * refused the request before the plugin made a code for anyone else.
 */
export async function sendSignInCode(db: Executor, sms: SmsSender, authId: string, code: string): Promise<void> {
  const factor = await repository.findPhoneFactor(db, authId);
  if (!factor?.verifiedAt) return;
  await sms.send({ to: factor.phoneNumber, text: codeText(code, 'sign-in') });
}

/**
 * Runs better-auth's check of a sign-in code (/two-factor/verify-otp), counting wrong ones in a row: after
 * `limits.twoFactorMaxFailures` the phone waits, as an authenticator app does (a person with only a phone
 * has no row for the plugin's own lockout).
 */
export async function withPhoneCodeAttempt<T extends { ok: boolean; wrongCode: boolean }>(
  db: Executor,
  authId: string,
  verify: () => Promise<T>,
): Promise<T> {
  const factor = await signInPhoneOf(db, authId);
  const result = await verify();
  if (result.ok) await repository.resetPhoneFailures(db, factor.id);
  else if (result.wrongCode) await repository.recordPhoneFailure(db, factor.id);
  return result;
}
