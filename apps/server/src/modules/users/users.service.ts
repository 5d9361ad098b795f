import { getRoleLabel, isProfileComplete, messages, type Me, type ProfileUpdate, type User } from '@skylog/contracts';
import { requireEmailOwner, requirePerson } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { readThrough } from '../../lib/announced-cache.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isTwoFactorSetupDue } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findOrg } from '../../access/access.repository.ts';
import { toSubOrg } from '../orgs/orgs.service.ts';
import * as repository from './users.repository.ts';
import type { UserRow } from './users.repository.ts';

export function toUser(row: UserRow): User {
  return {
    skylog_id: row.skylogId,
    auth_id: row.authId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    program: row.program,
    license_number: row.licenseNumber,
    international: row.international,
    fulltime: row.fulltime,
    certifications: row.certifications,
    user_type: row.userType as User['user_type'],
    org_id: row.orgId,
    sub_org_id: row.subOrgId,
    cable_collections: row.cableCollections,
    is_paid: row.isPaid,
  };
}

export async function getMe(ctx: AppContext, { actor: user }: RequestScope): Promise<Me> {
  const found = await readThrough(ctx.me, user.skylogId, () => repository.findMe(ctx.db, user.skylogId));
  if (!found) throw notFound(messages.userNotFound);
  const { user: row, org, subOrg } = found;
  return {
    ...toUser(row),
    // What the paid gate and the payment hold act on: the session's standing, the one the server enforces.
    is_paid: user.isPaid,
    role_label: getRoleLabel(row.userType),
    is_profile_complete: isProfileComplete(row),
    email_verified: found.isEmailVerified ?? false,
    // From the session, not the cached row: the session's person is read again whenever a factor changes.
    two_factor_enabled: user.hasAuthenticator,
    two_factor_setup_required: isTwoFactorSetupDue(user),
    org,
    sub_org: subOrg ? toSubOrg(subOrg) : null,
  };
}

/**
 * PATCH /api/users/{skylog_id}: the person themselves, their instructor (students) or an
 * administrator who could grant their role. The sign-in e-mail is never changed here: only its
 * owner changes it, confirmed from the new address (email-change.service.ts).
 */
export async function updateProfile(ctx: AppContext, scope: RequestScope, skylogId: string, update: ProfileUpdate) {
  const { user: target } = await requirePerson(ctx, scope.actor, skylogId, 'edit-profile', scope);
  if (update.email !== undefined && update.email.toLowerCase() !== target.email.toLowerCase()) {
    await requireEmailOwner(ctx, scope.actor, target.skylogId, scope);
    throw badRequest(messages.emailChangeNeedsConfirmation, { email: messages.emailChangeNeedsConfirmation });
  }
  await ctx.db.transaction(async (tx) => {
    await repository.updateUser(tx, skylogId, {
      ...(update.name !== undefined ? { name: update.name } : {}),
      ...(update.phone !== undefined ? { phone: update.phone } : {}),
      ...(update.program !== undefined ? { program: update.program } : {}),
      ...(update.license_number !== undefined ? { licenseNumber: update.license_number || null } : {}),
      ...(update.international !== undefined ? { international: update.international } : {}),
      ...(update.fulltime !== undefined ? { fulltime: update.fulltime } : {}),
      ...(update.certifications !== undefined ? { certifications: [...new Set(update.certifications)] } : {}),
    });
    if (target.authId && update.name !== undefined) await repository.updateAuthIdentity(tx, target.authId, { name: update.name });
  });
}

/** super_admin chooses the organization they work in (Switch Organization: docs/product.md "The shell"). */
export async function switchOrg(ctx: AppContext, { actor, operation }: RequestScope, orgId: string): Promise<void> {
  const org = await findOrg(ctx.db, orgId);
  if (!org) throw notFound('Organization not found');
  await repository.updateUser(ctx.db, actor.skylogId, { orgId, subOrgId: null });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `orgs/${orgId}`,
    status: 'success',
    details: { from: actor.orgId, to: orgId },
  });
}

// For other modules: each decides nothing; its caller has.

/** A person's row by id, in `db` (a transaction's too). */
export function findUserById(db: Executor, skylogId: string): Promise<UserRow | undefined> {
  return repository.findUserById(db, skylogId);
}
