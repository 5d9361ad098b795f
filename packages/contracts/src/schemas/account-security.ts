import { accountMessages } from '../account-messages.ts';
import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { signInProviderIds } from '../sign-in-providers.ts';
import { text } from './text.ts';


/** An outside account linked to the signed-in person (Account security, "Connected sign-in"). */
export const identitySchema = z.object({
  id: z.uuid(),
  provider_id: z.enum(signInProviderIds),
  provider_name: text(),
  created_at: z.iso.datetime(),
});
export type Identity = z.infer<typeof identitySchema>;
export const identityListSchema = z.object({ items: z.array(identitySchema) });

/**
 * Why a sign-in through a provider came back refused (`/login?error=…`, better-auth's codes and Skylog's),
 * in words; anything else reads `accountMessages.providerSignInFailed`.
 */
export const providerSignInErrors: Record<string, string> = {
  account_not_linked: accountMessages.providerEmailNotVerified,
  signup_disabled: accountMessages.providerNoAccount,
  state_mismatch: accountMessages.providerSignInExpired,
  please_restart_the_process: accountMessages.providerSignInExpired,
  invalid_code: accountMessages.providerSignInExpired,
  account_deactivated: messages.accountDeactivated,
};

/** spec §7 "Auth service": the factor kinds. Skylog offers authenticator apps (TOTP) today. */
export const factorTypes = ['totp'] as const;
export type FactorType = (typeof factorTypes)[number];

const password = text({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(limits.passwordMaxLength);
const code = text({ error: 'Enter the code' })
  .trim()
  .regex(new RegExp(`^\\d{${limits.totpDigits}}$`), `Enter the ${limits.totpDigits}-digit code from your authenticator app`);

/** POST /api/factors: spec's friendly_name, factor_type and issuer, with the current password (a stolen session cannot add one). */
export const factorCreateSchema = z.strictObject({
  friendly_name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  factor_type: z.enum(factorTypes, { error: 'Choose an authenticator app (totp)' }),
  issuer: text().trim().min(1).max(60).optional(),
  password,
});

/** POST /api/factors/{id}/verify: the first code confirms the app holds the secret. */
export const factorVerifySchema = z.strictObject({ code });

/** DELETE /api/factors/{id} and POST /api/factors/recovery-codes: the current password again. */
export const passwordConfirmSchema = z.strictObject({ password });

export const factorSchema = z.object({
  id: z.uuid(),
  friendly_name: text(),
  factor_type: z.enum(factorTypes),
  /** `unverified` until its first code is entered; only a verified factor is asked for at sign-in. */
  status: z.enum(['verified', 'unverified']),
  created_at: z.iso.datetime(),
});
export type Factor = z.infer<typeof factorSchema>;

export const factorListSchema = z.object({
  items: z.array(factorSchema),
  recovery_codes_left: z.number().int(),
  /** Whether this person must keep a factor (super_admin). */
  is_required: z.boolean(),
});
export type FactorList = z.infer<typeof factorListSchema>;

/** The secret and recovery codes are shown once, when the factor is added. */
export const factorCreatedSchema = factorSchema.extend({
  totp_uri: text(),
  secret: text(),
  qr_svg: text(),
  recovery_codes: z.array(text()),
});
export type FactorCreated = z.infer<typeof factorCreatedSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(text()) });

/** The second step of sign-in: a code from the app, or one recovery code. */
export const secondFactorSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code }),
  z.strictObject({
    method: z.literal('recovery_code'),
    code: text({ error: 'Enter a recovery code' }).trim().min(1, 'Enter a recovery code').max(40),
  }),
]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** One of the signed-in person's sessions (never its token). */
export const sessionSchema = z.object({
  id: z.uuid(),
  device: text(),
  ip_address: text().nullable(),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  is_current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });

/** GET/PUT /api/orgs/{id}/sign-in-policy: an organization may require its administrators to use an authenticator app. */
export const signInPolicySchema = z.strictObject({ require_admin_two_factor: z.boolean({ error: 'Choose whether to require it' }) });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;
