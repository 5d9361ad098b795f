import { accountMessages, limits, twoFactorLockedMessage } from '@skylog/contracts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Executor } from '../../db/client.ts';
import { hashSecretToken } from '../../lib/secret-token.ts';
import { claimTotpCode, releaseTotpCode } from './account-security.repository.ts';

/** A code is valid one step early or late (RFC 6238 drift): it must stay "used" for three steps. */
const codeLifetimeMs = limits.totpPeriodSeconds * 3 * 1000;

/** better-auth's two-factor error codes as Skylog's errors: a wrong code is the code field's fault, a lockout a wait. */
export function twoFactorErrorOf(betterAuthCode: string | undefined): AppError | undefined {
  switch (betterAuthCode) {
    case 'INVALID_CODE':
      return badRequest(accountMessages.twoFactorCodeWrong, { code: accountMessages.twoFactorCodeWrong });
    case 'INVALID_BACKUP_CODE':
      return badRequest(accountMessages.recoveryCodeWrong, { code: accountMessages.recoveryCodeWrong });
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('rate_limited', twoFactorLockedMessage(limits.twoFactorLockMinutes));
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
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
