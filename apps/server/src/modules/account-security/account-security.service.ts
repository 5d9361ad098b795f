import { accountMessages, signInProviderIds, type FactorCreated, type FactorList, type Identity, type SessionInfo, type SignInProviderId } from '@skylog/contracts';
import { APIError } from 'better-auth/api';
import QRCode from 'qrcode';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { deleteSessions } from '../people/people.repository.ts';
import { requireCurrentPassword } from '../users/current-password.ts';
import * as repository from './account-security.repository.ts';
import { twoFactorErrorOf, withFreshTotpCode } from './second-factor.ts';
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

function toFactor(row: NonNullable<Awaited<ReturnType<typeof repository.findTwoFactor>>>) {
  return {
    id: row.id,
    friendly_name: row.friendlyName,
    factor_type: 'totp' as const,
    status: row.verified ? ('verified' as const) : ('unverified' as const),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listFactors(ctx: AppContext, actor: RequestUser): Promise<FactorList> {
  const row = await repository.findTwoFactor(ctx.db, actor.authId);
  const codesLeft = row?.verified ? (JSON.parse(row.backupCodes) as string[]).length : 0;
  return { items: row ? [toFactor(row)] : [], recovery_codes_left: codesLeft, is_required: actor.isTwoFactorRequired };
}

async function requireFactor(ctx: AppContext, actor: RequestUser, id: string) {
  const row = await repository.findTwoFactor(ctx.db, actor.authId);
  if (!row || row.id !== id) throw notFound(accountMessages.factorNotFound);
  return row;
}

/**
 * POST /api/factors: a new authenticator app, waiting for its first code. Its secret (as a QR code and
 * typed) and ten recovery codes are shown only now; an unconfirmed earlier one is replaced.
 */
export async function createFactor(
  ctx: AppContext,
  actor: RequestUser,
  input: { friendly_name: string; issuer?: string | undefined; password: string },
  headers: Headers,
  ip: string,
): Promise<FactorCreated> {
  await requireCurrentPassword(ctx, actor, input.password, ip);
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
  await ctx.audit.record({
    actor,
    action: 'factors.create',
    resource: `factors/${row.id}`,
    status: 'success',
    details: { friendlyName: input.friendly_name, factorType: 'totp' },
  });
  return {
    ...toFactor(row),
    totp_uri: totpURI,
    secret: new URL(totpURI).searchParams.get('secret') ?? '',
    qr_svg: await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    recovery_codes: backupCodes,
  };
}

/** POST /api/factors/{id}/verify: the app's first code turns the second step on; the session is renewed. */
export async function verifyFactor(
  ctx: AppContext,
  actor: RequestUser,
  id: string,
  code: string,
  headers: Headers,
): Promise<WithCookies<FactorList>> {
  const row = await requireFactor(ctx, actor, id);
  if (row.verified) throw conflict(accountMessages.twoFactorNotPending);
  const result = await withFreshTotpCode(ctx.db, actor.authId, code, async () => {
    try {
      const answer = await callAuth(() => ctx.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }));
      return { ok: true, cookies: answer.headers.getSetCookie() };
    } catch (error) {
      await ctx.audit.record({ actor, action: 'factors.verify', resource: `factors/${id}`, status: 'failure' });
      throw error;
    }
  });
  await ctx.audit.record({ actor, action: 'factors.verify', resource: `factors/${id}`, status: 'success' });
  return { body: await listFactors(ctx, { ...actor, twoFactorEnabled: true }), cookies: result.cookies };
}

/** DELETE /api/factors/{id}: sign-in asks for no second step any more; whoever must have one keeps it. */
export async function deleteFactor(
  ctx: AppContext,
  actor: RequestUser,
  id: string,
  password: string,
  headers: Headers,
  ip: string,
): Promise<string[]> {
  const row = await requireFactor(ctx, actor, id);
  await requireCurrentPassword(ctx, actor, password, ip);
  if (row.verified && actor.isTwoFactorRequired) {
    await ctx.audit.record({
      actor,
      action: 'factors.delete',
      resource: `factors/${id}`,
      status: 'failure',
      details: { reason: 'a factor is required of this account' },
    });
    throw badRequest(accountMessages.factorRequired);
  }
  let cookies: string[] = [];
  if (row.verified) {
    // better-auth turns the second step off and renews the session.
    const answer = await callAuth(() => ctx.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }));
    cookies = answer.headers.getSetCookie();
  } else {
    // A set-up never confirmed changed nothing about sign-in: it is only dropped.
    await repository.deleteTwoFactor(ctx.db, actor.authId);
  }
  await ctx.audit.record({
    actor,
    action: 'factors.delete',
    resource: `factors/${id}`,
    status: 'success',
    details: { wasVerified: row.verified },
  });
  return cookies;
}

/** POST /api/factors/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, actor: RequestUser, password: string, headers: Headers, ip: string) {
  await requireCurrentPassword(ctx, actor, password, ip);
  const { backupCodes } = await callAuth(() => ctx.auth.api.generateBackupCodes({ body: { password }, headers }));
  await ctx.audit.record({ actor, action: 'factors.recovery-codes', resource: `users/${actor.skylogId}`, status: 'success' });
  return { recovery_codes: backupCodes };
}

export async function listSessions(ctx: AppContext, actor: RequestUser): Promise<{ items: SessionInfo[] }> {
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
export async function revokeSession(ctx: AppContext, actor: RequestUser, id: string) {
  const current = (await repository.listSessions(ctx.db, actor.authId)).find((row) => row.token === actor.sessionToken);
  if (current?.id === id) throw badRequest(accountMessages.currentSessionNotHere);
  if (!(await repository.deleteOwnSession(ctx.db, actor.authId, id))) throw notFound(accountMessages.sessionNotFound);
  await ctx.audit.record({ actor, action: 'sessions.revoke', resource: `sessions/${id}`, status: 'success' });
}

/** POST /api/sessions/revoke-others: "Sign out everywhere else". */
export async function revokeOtherSessions(ctx: AppContext, actor: RequestUser) {
  await deleteSessions(ctx.db, actor.authId, actor.sessionToken);
  await ctx.audit.record({ actor, action: 'sessions.revoke-others', resource: `users/${actor.skylogId}`, status: 'success' });
}

/** GET /api/identities: the provider accounts that sign this person in. */
export async function listIdentities(ctx: AppContext, actor: RequestUser): Promise<{ items: Identity[] }> {
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
export async function unlinkIdentity(ctx: AppContext, actor: RequestUser, id: string, password: string, ip: string) {
  await requireCurrentPassword(ctx, actor, password, ip);
  if (!(await repository.deleteIdentity(ctx.db, actor.authId, id))) throw notFound(accountMessages.identityNotFound);
  await ctx.audit.record({ actor, action: 'identities.unlink', resource: `identities/${id}`, status: 'success' });
}
