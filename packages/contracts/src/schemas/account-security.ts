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
  // better-auth's own code when Skylog refuses to make the person (no open invitation, or an unverified address).
  unable_to_create_user: accountMessages.providerNoAccount,
  state_mismatch: accountMessages.providerSignInExpired,
  please_restart_the_process: accountMessages.providerSignInExpired,
  invalid_code: accountMessages.providerSignInExpired,
  account_deactivated: messages.accountDeactivated,
};

/**
 * The second-step factor kinds: an authenticator app (TOTP) or a phone that receives codes by text message
 * (docs/product.md "Sign-in and second step").
 */
export const factorTypes = ['totp', 'phone'] as const;
export type FactorType = (typeof factorTypes)[number];

/** How a phone factor's code travels: only by text message. */
export const challengeChannels = ['sms'] as const;

const password = text({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(limits.passwordMaxLength);
const code = text({ error: 'Enter the code' })
  .trim()
  .regex(new RegExp(`^\\d{${limits.totpDigits}}$`), `Enter the ${limits.totpDigits}-digit code`);
const friendlyName = text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters');

/** A mobile number as typed (spaces, dashes, brackets allowed), kept in E.164 as an SMS provider takes it. */
export const phoneNumberSchema = text({ error: accountMessages.phoneInvalid })
  .trim()
  .transform((typed) => typed.replace(/[\s().-]/g, ''))
  .pipe(text().regex(/^\+[1-9]\d{6,14}$/, accountMessages.phoneInvalid));

/**
 * POST /api/factors for an authenticator app: its name, factor_type and issuer, with the current password (a stolen
 * session cannot add one).
 */
export const totpFactorCreateSchema = z.strictObject({
  friendly_name: friendlyName,
  factor_type: z.literal('totp'),
  issuer: text().trim().min(1).max(60).optional(),
  password,
});

/** POST /api/factors for a phone: its name, factor_type and the phone number. */
export const phoneFactorCreateSchema = z.strictObject({
  friendly_name: friendlyName,
  factor_type: z.literal('phone'),
  phone: phoneNumberSchema,
  password,
});

export const factorCreateSchema = z.discriminatedUnion('factor_type', [totpFactorCreateSchema, phoneFactorCreateSchema], {
  error: 'Choose an authenticator app (totp) or a phone (phone)',
});
export type FactorCreateInput = z.infer<typeof factorCreateSchema>;

/** POST /api/factors/{id}/challenge: send a phone its code. */
export const factorChallengeSchema = z.strictObject({
  channel: z.enum(challengeChannels, { error: 'Choose how the code is sent (sms)' }).default('sms'),
});

export const factorChallengeSentSchema = z.object({
  challenge_id: z.uuid(),
  channel: z.enum(challengeChannels),
  /** The number's last digits, as the screen says where the code went. */
  sent_to: text(),
  expires_at: z.iso.datetime(),
});
export type FactorChallengeSent = z.infer<typeof factorChallengeSentSchema>;

/** POST /api/factors/{id}/verify: the first code confirms the factor works; a phone's names the challenge it answers. */
export const factorVerifySchema = z.strictObject({ code, challenge_id: z.uuid({ error: 'Send a code first' }).optional() });

/** DELETE /api/factors/{id} and POST /api/factors/recovery-codes: the current password again. */
export const passwordConfirmSchema = z.strictObject({ password });

export const factorSchema = z.object({
  id: z.uuid(),
  friendly_name: text(),
  factor_type: z.enum(factorTypes),
  /** `unverified` until its first code is entered; only a verified factor is asked for at sign-in. */
  status: z.enum(['verified', 'unverified']),
  /** A phone's number with all but its last digits hidden; null for an authenticator app. */
  phone_hint: text().nullable(),
  created_at: z.iso.datetime(),
});
export type Factor = z.infer<typeof factorSchema>;

export const factorListSchema = z.object({
  items: z.array(factorSchema),
  recovery_codes_left: z.number().int(),
  /** Whether this person must keep an authenticator app (super_admin, or their organization requires it). */
  is_required: z.boolean(),
});
export type FactorList = z.infer<typeof factorListSchema>;

/** An authenticator app's secret and recovery codes are shown once, when it is added. */
export const totpFactorCreatedSchema = factorSchema.extend({
  factor_type: z.literal('totp'),
  totp_uri: text(),
  secret: text(),
  qr_svg: text(),
  recovery_codes: z.array(text()),
});
export type TotpFactorCreated = z.infer<typeof totpFactorCreatedSchema>;

/** A phone has nothing to show: its challenge sends the code. */
export const factorCreatedSchema = z.discriminatedUnion('factor_type', [totpFactorCreatedSchema, factorSchema.extend({ factor_type: z.literal('phone') })]);
export type FactorCreated = z.infer<typeof factorCreatedSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(text()) });

/** The second step of sign-in: a code from the app, one sent by text message, or one recovery code. */
export const secondFactorSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code }),
  z.strictObject({ method: z.literal('phone'), code }),
  z.strictObject({
    method: z.literal('recovery_code'),
    code: text({ error: 'Enter a recovery code' }).trim().min(1, 'Enter a recovery code').max(40),
  }),
]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;
export type SecondStepMethod = SecondFactor['method'];

/** GET /api/sign-in/second-step: what the pending sign-in's person can answer with. */
export const secondStepSchema = z.object({
  methods: z.array(z.enum(['totp', 'phone', 'recovery_code'])),
  /** Where a text message would go (the number's last digits); null without a confirmed phone. */
  phone_hint: text().nullable(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

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
