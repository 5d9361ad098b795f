import { accountMessages, limits, twoFactorLockedMessage, type SecondStep, type SecondStepMethod } from '@skylog/contracts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Executor } from '../../db/client.ts';
import { hashSecretToken } from '../../lib/secret-token.ts';
import { parseCookies } from 'better-call';
import { unsignedCookieValue, type Auth } from '../../lib/better-auth.ts';
import { claimTotpCode, findFactors, releaseTotpCode, userOfSignInChallenge } from './account-security.repository.ts';
import { phoneHintOf } from './phone-factor.ts';

/** A code is valid one step early or late (RFC 6238 drift): it must stay "used" for three steps. */
const codeLifetimeMs = limits.totpPeriodSeconds * 3 * 1000;

/** Which kind of code a second step took: the words for a wrong one differ. */
export type SecondStepFactor = 'totp' | 'phone';

/** better-auth's two-factor error codes as Skylog's errors: a wrong code is the code field's fault, a lockout a wait. */
export function twoFactorErrorOf(betterAuthCode: string | undefined, factor: SecondStepFactor = 'totp'): AppError | undefined {
  switch (betterAuthCode) {
    case 'INVALID_CODE': {
      const message = factor === 'phone' ? accountMessages.phoneCodeWrong : accountMessages.twoFactorCodeWrong;
      return badRequest(message, { code: message });
    }
    case 'OTP_HAS_EXPIRED':
      return badRequest(accountMessages.phoneCodeExpired, { code: accountMessages.phoneCodeExpired });
    case 'INVALID_BACKUP_CODE':
      return badRequest(accountMessages.recoveryCodeWrong, { code: accountMessages.recoveryCodeWrong });
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('rate_limited', twoFactorLockedMessage(limits.twoFactorLockMinutes));
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      // A text-message code takes a few tries, then a new code is sent; the sign-in step itself lives on.
      if (factor === 'phone') return badRequest(accountMessages.phoneCodeTooManyTries, { code: accountMessages.phoneCodeTooManyTries });
      return new AppError('unauthenticated', accountMessages.twoFactorTooManyCodes);
    case 'SESSION_NOT_FRESH':
      return new AppError('forbidden', accountMessages.sessionNotFresh);
    case 'INVALID_TWO_FACTOR_COOKIE':
      return new AppError('unauthenticated', accountMessages.twoFactorStepExpired);
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('conflict', accountMessages.twoFactorAlreadyEnrolled);
    case 'TOTP_NOT_ENABLED':
      return new AppError('conflict', accountMessages.twoFactorNotPending);
    case 'TWO_FACTOR_NOT_ENABLED':
      return new AppError('conflict', accountMessages.twoFactorNotOn);
    default:
      return undefined;
  }
}

/**
 * Runs `verify` with an authenticator code taken for the person first (RFC 6238 §5.2: a code is
 * accepted once); a replay is refused before better-auth sees it, a wrong code is given back.
 */
export async function withFreshTotpCode<T>(
  db: Executor,
  userId: string,
  code: string,
  verify: () => Promise<T & { ok: boolean }>,
): Promise<T> {
  const codeHash = hashSecretToken(code.trim());
  if (!(await claimTotpCode(db, userId, codeHash, new Date(Date.now() + codeLifetimeMs)))) {
    throw badRequest(accountMessages.twoFactorCodeReused, { code: accountMessages.twoFactorCodeReused });
  }
  try {
    const result = await verify();
    if (!result.ok) await releaseTotpCode(db, userId, codeHash);
    return result;
  } catch (error) {
    await releaseTotpCode(db, userId, codeHash);
    throw error;
  }
}

/** The cookie of a pending second step, named as better-auth names it (its prefix, and __Secure- over https). */
export async function secondStepCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).createAuthCookie('two_factor').name;
}

/**
 * The person a pending second sign-in step is for. Its cookie is signed as `<identifier>.<signature>`; the
 * identifier names better-auth's verification value, whose value is the person (better-auth itself checks
 * the signature and expiry when the step is taken).
 */
export async function secondStepOwner(auth: Auth, db: Executor, cookieHeader: string | undefined): Promise<string | undefined> {
  if (!cookieHeader) return undefined;
  const identifier = unsignedCookieValue(parseCookies(cookieHeader).get(await secondStepCookieName(auth)));
  return identifier ? userOfSignInChallenge(db, identifier) : undefined;
}

/** The second steps a person can take: their confirmed authenticator app (with its recovery codes) and phone. */
export async function secondStepOptionsOf(db: Executor, authId: string): Promise<SecondStep> {
  const { authenticator, phone } = await findFactors(db, authId);
  const hasAuthenticator = authenticator?.verified === true;
  const confirmedPhone = phone?.verifiedAt ? phone : undefined;
  const methods: SecondStepMethod[] = [];
  if (hasAuthenticator) methods.push('totp');
  if (confirmedPhone) methods.push('phone');
  if (hasAuthenticator) methods.push('recovery_code');
  return { methods, phone_hint: confirmedPhone ? phoneHintOf(confirmedPhone.phoneNumber) : null };
}
