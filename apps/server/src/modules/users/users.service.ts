import { getRoleLabel, isProfileComplete, messages, type Me, type ProfileUpdate, type User } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { canManageUser } from '../../lib/scope.ts';
import { findOrg, findSubOrg } from '../orgs/orgs.repository.ts';
import { findStudentIdsOf } from '../people/people.repository.ts';
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

export async function getMe(ctx: AppContext, user: RequestUser): Promise<Me> {
  const row = await repository.findUserById(ctx.db, user.skylogId);
  if (!row) throw new AppError(404, 'not_found', messages.userNotFound);
  const [org, subOrg, isEmailVerified] = await Promise.all([
    row.orgId ? findOrg(ctx.db, row.orgId) : undefined,
    row.subOrgId ? findSubOrg(ctx.db, row.subOrgId) : undefined,
    repository.findEmailVerified(ctx.db, user.authId),
  ]);
  return {
    ...toUser(row),
    role_label: getRoleLabel(row.userType),
    is_profile_complete: isProfileComplete(row),
    email_verified: isEmailVerified,
    org: org ?? null,
    sub_org: subOrg ? toSubOrg(subOrg) : null,
  };
}

/** PATCH /api/users/{skylog_id}: the person themselves or an admin whose scope holds them. */
export async function updateProfile(ctx: AppContext, actor: RequestUser, skylogId: string, update: ProfileUpdate, path: string) {
  const target = await repository.findUserById(ctx.db, skylogId);
  if (!target) throw new AppError(404, 'not_found', messages.userNotFound);
  const isSelfAccess = target.skylogId === actor.skylogId;
  // Spec §6: instructors may edit students; Skylog limits that to their own students.
  const isInstructorOfTarget =
    actor.role === 'instructor' &&
    target.userType === 'student' &&
    actor.orgId !== null &&
    target.orgId === actor.orgId &&
    (await findStudentIdsOf(ctx.db, actor.skylogId)).includes(target.skylogId);
  if (!canManageUser(actor, target) && !isInstructorOfTarget) {
    await ctx.audit.recordDenial({ actor, action: 'users.update-profile', resource: `users/${skylogId}`, path, isSelfAccess, reason: 'scope' });
    throw new AppError(404, 'not_found', messages.userNotFound);
  }
  const newEmail = update.email?.toLowerCase();
  const isEmailChange = newEmail !== undefined && newEmail !== target.email.toLowerCase();
  if (isEmailChange && (await repository.isEmailUsedByAnother(ctx.db, newEmail, skylogId))) {
    throw conflict(messages.duplicatedEmail, { email: messages.duplicatedEmail });
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await repository.updateUser(tx, skylogId, {
        ...(update.name !== undefined ? { name: update.name } : {}),
        ...(update.phone !== undefined ? { phone: update.phone } : {}),
        ...(update.program !== undefined ? { program: update.program } : {}),
        ...(update.license_number !== undefined ? { licenseNumber: update.license_number || null } : {}),
        ...(update.international !== undefined ? { international: update.international } : {}),
        ...(update.fulltime !== undefined ? { fulltime: update.fulltime } : {}),
        ...(update.certifications !== undefined ? { certifications: [...new Set(update.certifications)] } : {}),
        ...(isEmailChange ? { email: newEmail } : {}),
      });
      if (target.authId && (update.name !== undefined || isEmailChange)) {
        await repository.updateAuthIdentity(tx, target.authId, {
          ...(update.name !== undefined ? { name: update.name } : {}),
          // A new address must be confirmed again before the next sign-in.
          ...(isEmailChange ? { email: newEmail, emailVerified: false } : {}),
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.duplicatedEmail, { email: messages.duplicatedEmail });
    throw error;
  }
  if (isEmailChange) {
    await ctx.auth.api.sendVerificationEmail({ body: { email: newEmail } });
    await ctx.audit.record({ actor, action: 'users.email-change', resource: `users/${skylogId}`, status: 'success', details: { from: target.email, to: newEmail } });
  }
}

/** super_admin chooses the organization they work in (spec §2, Switch Organization). */
export async function switchOrg(ctx: AppContext, actor: RequestUser, orgId: string): Promise<void> {
  const org = await findOrg(ctx.db, orgId);
  if (!org) throw notFound('Organization not found');
  await repository.updateUser(ctx.db, actor.skylogId, { orgId, subOrgId: null });
  await ctx.audit.record({
    actor,
    action: 'orgs.switch',
    resource: `orgs/${orgId}`,
    status: 'success',
    details: { from: actor.orgId, to: orgId },
  });
}
