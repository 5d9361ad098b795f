import {
  accountMessages,
  signInProviderIds,
  type Factor,
  type FactorChallengeSent,
  type FactorCreated,
  type FactorCreateInput,
  type FactorList,
  type Identity,
  type SecondStep,
  type SessionInfo,
  type SignInProviderId,
} from '@skylog/contracts';
import { APIError } from 'better-auth/api';
import QRCode from 'qrcode';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { endSessions } from '../people/people.service.ts';
import { requireCurrentPassword } from '../users/current-password.ts';
import * as repository from './account-security.repository.ts';
import { addPhoneFactor, challengePhoneFactor, confirmPhoneFactor, phoneHintOf } from './phone-factor.ts';
import * as phoneRepository from './phone-factor.repository.ts';
import type { PhoneFactorRow } from './phone-factor.repository.ts';
import { secondStepOptionsOf, secondStepOwner, twoFactorErrorOf, withFreshTotpCode } from './second-factor.ts';
import { describeDevice } from './user-agent.ts';

/** What a call that renews the session answers with: its body and the new cookie to pass on. */
export type WithCookies<T> = { body: T; cookies: string[] };

// Each call below first checks the current password here (rate-limited, the field named), then better-auth checks it again.

/** better-auth's refusals in Skylog's words (a wrong code, a lockout), anything else as it came. */
async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError) throw twoFactorErrorOf((error.body as { code?: string } | undefined)?.code) ?? error;
    throw error;
  }
}

const isSignInProviderId = (value: string): value is SignInProviderId => (signInProviderIds as readonly string[]).includes(value);

type TotpRow = NonNullable<Awaited<ReturnType<typeof repository.findTwoFactor>>>;

function toFactor(row: TotpRow | PhoneFactorRow): Factor {
  const isPhone = 'phoneNumber' in row;
  const isVerified = isPhone ? row.verifiedAt !== null : row.verified;
  return {
    id: row.id,
    friendly_name: row.friendlyName,
    factor_type: isPhone ? 'phone' : 'totp',
    status: isVerified ? 'verified' : 'unverified',
    phone_hint: isPhone ? phoneHintOf(row.phoneNumber) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listFactors(ctx: AppContext, { actor }: RequestScope): Promise<FactorList> {
  const { authenticator, phone } = await repository.findFactors(ctx.db, actor.authId);
  const codesLeft = authenticator?.verified ? (JSON.parse(authenticator.backupCodes) as string[]).length : 0;
  return {
    items: [authenticator, phone].filter((row) => row !== undefined).map(toFactor),
    recovery_codes_left: codesLeft,
    is_required: actor.isTwoFactorRequired,
  };
}

/** One of the person's own factors by id: their authenticator app or their phone. */
async function requireFactor(ctx: AppContext, actor: RequestUser, id: string) {
  const { authenticator, phone } = await repository.findFactors(ctx.db, actor.authId);
  if (authenticator?.id === id) return { kind: 'totp' as const, row: authenticator };
  if (phone?.id === id) return { kind: 'phone' as const, row: phone };
  throw notFound(accountMessages.factorNotFound);
}

/**
 * POST /api/factors: a new authenticator app or phone, waiting for its first code. An app's secret (as a
 * QR code and typed) and ten recovery codes are shown only now; an unconfirmed earlier one is replaced.
 */
export async function createFactor(
  ctx: AppContext,
  { actor, operation, ip }: RequestScope,
  input: FactorCreateInput,
  headers: Headers,
): Promise<FactorCreated> {
  await requireCurrentPassword(ctx, actor, input.password, ip);
  const recordCreated = (id: string) =>
    ctx.audit.record({
      actor,
      action: operation,
      resource: `factors/${id}`,
      status: 'success',
      details: { friendlyName: input.friendly_name, factorType: input.factor_type },
    });
  if (input.factor_type === 'phone') {
    const phone = await addPhoneFactor(ctx, actor, input);
    await recordCreated(phone.id);
    return { ...toFactor(phone), factor_type: 'phone' };
  }
  const enabled = await callAuth(() =>
    ctx.auth.api.enableTwoFactor({
      body: { method: 'totp', password: input.password, ...(input.issuer ? { issuer: input.issuer } : {}) },
      headers,
    }),
  );
  if (enabled.method !== 'totp') throw new Error('better-auth answered an authenticator app without its secret');
  const { totpURI, backupCodes } = enabled;
  await repository.nameTwoFactor(ctx.db, actor.authId, input.friendly_name);
  const row = await repository.findTwoFactor(ctx.db, actor.authId);
  if (!row) throw new Error('the new authenticator app was not stored');
  await recordCreated(row.id);
  return {
    ...toFactor(row),
    factor_type: 'totp',
    totp_uri: totpURI,
    secret: new URL(totpURI).searchParams.get('secret') ?? '',
    qr_svg: await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    recovery_codes: backupCodes,
  };
}

/** POST /api/factors/{id}/challenge: a phone gets a code by text message; an app shows its own. */
export async function challengeFactor(ctx: AppContext, scope: RequestScope, id: string): Promise<FactorChallengeSent> {
  const factor = await requireFactor(ctx, scope.actor, id);
  if (factor.kind === 'totp') throw badRequest(accountMessages.authenticatorNeedsNoChallenge);
  return challengePhoneFactor(ctx, scope, factor.row);
}

/**
 * POST /api/factors/{id}/verify: the first code turns the second step on. Confirming an authenticator app
 * renews the session (better-auth), whose new cookie is passed on.
 */
export async function verifyFactor(
  ctx: AppContext,
  scope: RequestScope,
  id: string,
  input: { code: string; challenge_id?: string | undefined },
  headers: Headers,
): Promise<WithCookies<FactorList>> {
  const { actor, operation } = scope;
  const factor = await requireFactor(ctx, actor, id);
  if (factor.kind === 'phone') {
    await confirmPhoneFactor(ctx, scope, factor.row, input.code, input.challenge_id);
    return { body: await listFactors(ctx, scope), cookies: [] };
  }
  if (factor.row.verified) throw conflict(accountMessages.twoFactorNotPending);
  const result = await withFreshTotpCode(ctx.db, actor.authId, input.code, async () => {
    try {
      const answer = await callAuth(() => ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers, returnHeaders: true }));
      return { ok: true, cookies: answer.headers.getSetCookie() };
    } catch (error) {
      await ctx.audit.record({
        actor,
        action: operation,
        resource: `factors/${id}`,
        status: 'failure',
        details: { factorType: 'totp' },
      });
      throw error;
    }
  });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `factors/${id}`,
    status: 'success',
    details: { factorType: 'totp' },
  });
  return { body: await listFactors(ctx, scope), cookies: result.cookies };
}

/**
 * DELETE /api/factors/{id}: that factor no longer signs the person in; sign-in keeps asking while another
 * confirmed one is left. Whoever must have an authenticator app keeps theirs.
 */
export async function deleteFactor(
  ctx: AppContext,
  { actor, operation, ip }: RequestScope,
  id: string,
  password: string,
  headers: Headers,
): Promise<string[]> {
  const factor = await requireFactor(ctx, actor, id);
  await requireCurrentPassword(ctx, actor, password, ip);
  const wasVerified = factor.kind === 'totp' ? factor.row.verified : factor.row.verifiedAt !== null;
  if (factor.kind === 'totp' && wasVerified && actor.isTwoFactorRequired) {
    await ctx.audit.record({
      actor,
      action: operation,
      resource: `factors/${id}`,
      status: 'failure',
      details: { reason: 'an authenticator app is required of this account' },
    });
    throw badRequest(accountMessages.factorRequired);
  }
  let cookies: string[] = [];
  if (factor.kind === 'phone') {
    await ctx.db.transaction(async (tx) => {
      await phoneRepository.deletePhoneFactor(tx, actor.authId);
      await phoneRepository.syncSecondStepFlag(tx, actor.authId);
    });
  } else if (wasVerified) {
    // better-auth turns the second step off and renews the session; a confirmed phone turns it back on.
    const answer = await callAuth(() => ctx.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }));
    cookies = answer.headers.getSetCookie();
    await phoneRepository.syncSecondStepFlag(ctx.db, actor.authId);
  } else {
    // A set-up never confirmed changed nothing about sign-in: it is only dropped.
    await repository.deleteTwoFactor(ctx.db, actor.authId);
  }
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `factors/${id}`,
    status: 'success',
    details: { wasVerified, factorType: factor.kind },
  });
  return cookies;
}

/** GET /api/sign-in/second-step: what the person of a pending sign-in can answer with (the login screen offers those). */
export async function secondStepOf(ctx: AppContext, cookieHeader: string | undefined): Promise<SecondStep> {
  const authId = await secondStepOwner(ctx.auth, ctx.db, cookieHeader);
  // No pending step to describe (a public route answers "not found", not "sign in").
  if (!authId) throw notFound(accountMessages.twoFactorStepExpired);
  return secondStepOptionsOf(ctx.db, authId);
}

/** POST /api/factors/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, { actor, operation, ip }: RequestScope, password: string, headers: Headers) {
  await requireCurrentPassword(ctx, actor, password, ip);
  const { backupCodes } = await callAuth(() => ctx.auth.api.generateBackupCodes({ body: { password }, headers }));
  await ctx.audit.record({ actor, action: operation, resource: `users/${actor.skylogId}`, status: 'success' });
  return { recovery_codes: backupCodes };
}

export async function listSessions(ctx: AppContext, { actor }: RequestScope): Promise<{ items: SessionInfo[] }> {
  const rows = await repository.listSessions(ctx.db, actor.authId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.updatedAt.toISOString(),
      is_current: row.token === actor.sessionToken,
    })),
  };
}

/** DELETE /api/sessions/{id}: "Sign out this session" for another device; the current one uses Logout. */
export async function revokeSession(ctx: AppContext, { actor, operation }: RequestScope, id: string) {
  const outcome = await repository.deleteOwnSession(ctx.db, actor.authId, id, actor.sessionToken);
  if (outcome === 'in-use') throw badRequest(accountMessages.currentSessionNotHere);
  if (outcome === 'none') throw notFound(accountMessages.sessionNotFound);
  await ctx.audit.record({ actor, action: operation, resource: `sessions/${id}`, status: 'success' });
}

/** POST /api/sessions/revoke-others: "Sign out everywhere else". */
export async function revokeOtherSessions(ctx: AppContext, { actor, operation }: RequestScope) {
  await endSessions(ctx.db, actor.authId, actor.sessionToken);
  await ctx.audit.record({ actor, action: operation, resource: `users/${actor.skylogId}`, status: 'success' });
}

/** GET /api/identities: the provider accounts that sign this person in. */
export async function listIdentities(ctx: AppContext, { actor }: RequestScope): Promise<{ items: Identity[] }> {
  const names = new Map(ctx.config.signInProviders.map((provider) => [provider.id, provider.name]));
  const rows = await repository.listIdentities(ctx.db, actor.authId);
  return {
    items: rows
      .filter((row): row is typeof row & { providerId: SignInProviderId } => isSignInProviderId(row.providerId))
      .map((row) => ({
        id: row.id,
        provider_id: row.providerId,
        provider_name: names.get(row.providerId) ?? row.providerId,
        created_at: row.createdAt.toISOString(),
      })),
  };
}

/** DELETE /api/identities/{id}: that provider no longer signs this person in (the password still does). */
export async function unlinkIdentity(ctx: AppContext, { actor, operation, ip }: RequestScope, id: string, password: string) {
  await requireCurrentPassword(ctx, actor, password, ip);
  if (!(await repository.deleteIdentity(ctx.db, actor.authId, id))) throw notFound(accountMessages.identityNotFound);
  await ctx.audit.record({ actor, action: operation, resource: `identities/${id}`, status: 'success' });
}
