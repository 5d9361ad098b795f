import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { accountMessages, limits, logbookMessages } from '@skylog/contracts';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requireCurrentPassword } from '../users/current-password.ts';
import { findAuthenticatorSecret } from './account-security.repository.ts';
import { withFreshTotpCode } from './second-factor.ts';

const importedKeyPrefix = 'base32:';

/** What a person gives again at a moment that must be theirs: their password, or a code of their authenticator app. */
export type Reauthentication = { password?: string | undefined; code?: string | undefined };

/**
 * An act that must be the person's own at that moment, whoever left the session open (an instructor's electronic
 * signature, AC 120-78), asks for their password or a code of their confirmed authenticator app again. Missing or
 * wrong is a refusal (403) naming the field; password guesses are counted as the e-mail change's are, and an
 * authenticator code is taken once (RFC 6238 §5.2).
 */
export async function requireReauthentication(
  ctx: AppContext,
  { actor, ip }: RequestScope,
  proof: Reauthentication,
): Promise<'password' | 'authenticator'> {
  if (proof.code) {
    const encrypted = actor.authId ? await findAuthenticatorSecret(ctx.db, actor.authId) : undefined;
    if (!encrypted) throw forbidden(accountMessages.twoFactorNotOn, { code: accountMessages.twoFactorNotOn });
    const code = proof.code;
    await withFreshTotpCode(ctx.db, actor.authId, code, async () => {
      const decrypted = await symmetricDecrypt({ key: ctx.config.authSecret, data: encrypted });
      // A key brought from another app is kept as `base32:<key>` (better-auth's two-factor plugin's own format).
      const secret = decrypted.startsWith(importedKeyPrefix)
        ? base32.decode(decrypted.slice(importedKeyPrefix.length).toUpperCase())
        : decrypted;
      const ok = await createOTP(secret, { period: limits.totpPeriodSeconds, digits: limits.totpDigits }).verify(code);
      if (!ok) throw forbidden(accountMessages.twoFactorCodeWrong, { code: accountMessages.twoFactorCodeWrong });
      return { ok };
    });
    return 'authenticator';
  }
  if (!proof.password) throw forbidden(logbookMessages.signNeedsReauthentication, { password: logbookMessages.signNeedsReauthentication });
  try {
    await requireCurrentPassword(ctx, actor, proof.password, ip);
  } catch (error) {
    // A wrong password here is a refused signature, not a mistyped form field of a change.
    if (error instanceof AppError && error.code === 'validation_error') throw forbidden(error.message, error.fields);
    throw error;
  }
  return 'password';
}
