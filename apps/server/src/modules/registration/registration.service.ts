import { createHash, randomBytes } from 'node:crypto';
import { getGrantableRoles, getRoleLabel, isSubOrgRole, limits, messages, type AssignableRole } from '@skylog/contracts';
import type { z } from 'zod';
import type { invitationAcceptSchema, invitationCreateSchema, schoolRegistrationSchema } from '@skylog/contracts';
import { invitationEmail } from '../../integrations/email/templates.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { insertAccount, isEmailTaken } from '../accounts/accounts.repository.ts';
import { insertRelations } from '../relations/relations.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { findOrg, findSubOrg, insertOrg } from '../orgs/orgs.repository.ts';
import * as repository from './registration.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Billing is off until a payment provider is configured: organizations are treated as paid (decisions.md).
const isPaidWithoutBilling = true;

export async function createInvitation(ctx: AppContext, actor: RequestUser, input: z.infer<typeof invitationCreateSchema>) {
  if (!getGrantableRoles(actor.role).includes(input.user_type)) {
    throw new AppError(403, 'forbidden', `You cannot invite someone as ${getRoleLabel(input.user_type)}`, { user_type: 'Choose a role you may grant' });
  }
  const orgId = actor.role === 'super_admin' ? (input.org_id ?? actor.orgId) : actor.orgId;
  if (actor.role === 'instructor' && !orgId) throw new AppError(403, 'forbidden', messages.instructorNeedsOrganization);
  if (input.user_type !== 'super_admin' && !orgId) {
    throw new AppError(400, 'validation_error', 'Choose an organization', { org_id: 'Choose an organization' });
  }
  const org = orgId ? await findOrg(ctx.db, orgId) : undefined;
  if (orgId && !org) throw notFound('Organization not found');
  // Sub-organization admins and instructors invite into their own sub-organization.
  let subOrgId = isSubOrgRole(actor.role) || actor.role === 'instructor' ? actor.subOrgId : (input.sub_org_id ?? null);
  if (subOrgId) {
    const subOrg = await findSubOrg(ctx.db, subOrgId);
    if (!subOrg || subOrg.orgId !== orgId) throw new AppError(400, 'validation_error', 'Sub-organization not found', { sub_org_id: 'Sub-organization not found' });
  } else {
    subOrgId = null;
  }
  if (isSubOrgRole(input.user_type) && !subOrgId) {
    throw new AppError(400, 'validation_error', messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  }
  if (await isEmailTaken(ctx.db, input.email)) throw conflict(messages.emailTaken, { email: messages.emailTaken });

  const { token, expiresAt } = newInvitationToken();
  const invitation = await repository.insertInvitation(ctx.db, {
    tokenHash: hashToken(token),
    email: input.email,
    userType: input.user_type,
    orgId: input.user_type === 'super_admin' ? null : orgId,
    subOrgId,
    invitedBy: actor.skylogId,
    expiresAt,
  });
  await sendInvitation(ctx, input.email, input.user_type, org?.name ?? null, token);
  await ctx.audit.record({
    actor,
    action: 'invitations.create',
    resource: `invitations/${invitation.id}`,
    status: 'success',
    details: { email: input.email, user_type: input.user_type, org_id: orgId, sub_org_id: subOrgId },
  });
  return { id: invitation.id, email: invitation.email, expires_at: expiresAt.toISOString() };
}

function newInvitationToken() {
  return { token: randomBytes(32).toString('base64url'), expiresAt: new Date(Date.now() + limits.invitationLifetimeDays * 24 * 3600 * 1000) };
}

async function sendInvitation(ctx: AppContext, email: string, role: string, orgName: string | null, token: string) {
  const url = `${ctx.config.appUrl}/auth/user-registration?token=${encodeURIComponent(token)}`;
  await ctx.email.send(invitationEmail(email, role, orgName, url, limits.invitationLifetimeDays));
}

const noOrg = '00000000-0000-0000-0000-000000000000';

/** Open invitations in the caller's reach: super_admin the current organization, sub-org admins their sub-organization. */
function invitationScope(actor: RequestUser) {
  if (actor.role === 'super_admin') return { orgId: actor.orgId };
  if (isSubOrgRole(actor.role)) return { orgId: actor.orgId ?? noOrg, subOrgId: actor.subOrgId ?? noOrg };
  return { orgId: actor.orgId ?? noOrg };
}

export async function listInvitations(ctx: AppContext, actor: RequestUser) {
  const rows = await repository.listPendingInvitations(ctx.db, invitationScope(actor));
  return {
    total: rows.length,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      user_type: row.userType as AssignableRole,
      org_id: row.orgId,
      sub_org_id: row.subOrgId,
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** A new link (the old one stops working) valid for another 7 days. */
export async function resendInvitation(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  const found = await repository.findInvitationById(ctx.db, id);
  const scope = invitationScope(actor);
  const isInScope =
    found &&
    !found.invitation.acceptedAt &&
    (!scope.orgId || found.invitation.orgId === scope.orgId) &&
    (!('subOrgId' in scope) || found.invitation.subOrgId === scope.subOrgId);
  if (!found || !isInScope) {
    if (found) await ctx.audit.recordDenial({ actor, action: 'invitations.resend', resource: `invitations/${id}`, path, isSelfAccess: false, reason: 'scope' });
    throw notFound('Invitation not found');
  }
  const { token, expiresAt } = newInvitationToken();
  await repository.renewInvitation(ctx.db, id, hashToken(token), expiresAt);
  await sendInvitation(ctx, found.invitation.email, found.invitation.userType, found.orgName, token);
  await ctx.audit.record({ actor, action: 'invitations.resend', resource: `invitations/${id}`, status: 'success', details: { email: found.invitation.email } });
  return { id, email: found.invitation.email, expires_at: expiresAt.toISOString() };
}

async function findOpenInvitation(ctx: AppContext, token: string) {
  const found = await repository.findInvitationByTokenHash(ctx.db, hashToken(token));
  if (!found || found.invitation.acceptedAt || found.invitation.expiresAt.getTime() < Date.now()) {
    throw new AppError(404, 'not_found', messages.invitationInvalid);
  }
  return found;
}

export async function previewInvitation(ctx: AppContext, token: string) {
  const { invitation, orgName } = await findOpenInvitation(ctx, token);
  const userType = invitation.userType as AssignableRole;
  return { email: invitation.email, user_type: userType, role_label: getRoleLabel(userType), org_name: orgName };
}

/** The invitee chooses a name and password; the invitation proves the e-mail address. */
export async function acceptInvitation(ctx: AppContext, input: z.infer<typeof invitationAcceptSchema>) {
  const { invitation } = await findOpenInvitation(ctx, input.token);
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      if (!(await repository.markInvitationAccepted(tx, invitation.id))) throw new AppError(404, 'not_found', messages.invitationInvalid);
      if (await isEmailTaken(tx, invitation.email)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
      const account = await insertAccount(tx, {
        email: invitation.email,
        name: input.name,
        passwordHash,
        isEmailVerified: true,
        userType: invitation.userType as AssignableRole,
        orgId: invitation.orgId,
        subOrgId: invitation.subOrgId,
        isPaid: isPaidWithoutBilling,
      });
      // A student an instructor added is that instructor's student from the start.
      const inviter = invitation.invitedBy ? await findUserById(tx, invitation.invitedBy) : undefined;
      if (inviter?.userType === 'instructor' && invitation.userType === 'student' && inviter.orgId === invitation.orgId) {
        await insertRelations(tx, [{ instructor: inviter.skylogId, student: account.skylogId }]);
      }
      return account;
    });
    await ctx.audit.record({
      actor: { skylogId: created.skylogId, role: invitation.userType as AssignableRole, orgId: invitation.orgId },
      action: 'registration.accept-invitation',
      resource: `invitations/${invitation.id}`,
      status: 'success',
      details: { email: invitation.email },
    });
    return { skylog_id: created.skylogId, email: invitation.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
}

/** Self-service: a new school (organization) and its first org_admin, who confirms the e-mail next. */
export async function registerSchool(ctx: AppContext, input: z.infer<typeof schoolRegistrationSchema>) {
  if (await isEmailTaken(ctx.db, input.email)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
  const passwordHash = await hashPassword(input.password);
  let created: { orgId: string; skylogId: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const org = await insertOrg(tx, input.school_name);
      const account = await insertAccount(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        isEmailVerified: false,
        userType: 'org_admin',
        orgId: org.id,
        subOrgId: null,
        isPaid: isPaidWithoutBilling,
      });
      return { orgId: org.id, skylogId: account.skylogId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
  await ctx.auth.api.sendVerificationEmail({ body: { email: input.email } });
  await ctx.audit.record({
    actor: { skylogId: created.skylogId, role: 'org_admin', orgId: created.orgId },
    action: 'registration.register-school',
    resource: `orgs/${created.orgId}`,
    status: 'success',
    details: { email: input.email, school_name: input.school_name },
  });
  return { org_id: created.orgId, skylog_id: created.skylogId, email: input.email };
}
