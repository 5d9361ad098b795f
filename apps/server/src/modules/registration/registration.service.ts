import { getRoleLabel, isSubOrgRole, limits, messages, rateLimitedMessage, type AssignableRole } from '@skylog/contracts';
import type { z } from 'zod';
import type { invitationAcceptSchema, invitationCreateSchema, schoolRegistrationSchema } from '@skylog/contracts';
import { invitationScope } from '../../access/access-rules.ts';
import { requireGrantableRole, requireInvitation, requireOrgReach, requireSubOrgReach } from '../../access/access.ts';
import { invitationEmail, schoolRegistrationTakenEmail } from '../../integrations/email/templates.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { withAnswerFloor } from '../../lib/answer-floor.ts';
import { hashPassword } from '../../lib/password.ts';
import type { PublicRequestScope, RequestScope } from '../../lib/serve-operations.ts';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token.ts';
import type { Executor } from '../../db/client.ts';
import { deleteAuthUser, insertAccount, insertMember, isEmailTaken, type NewMember } from '../accounts/accounts.service.ts';
import { checkChosenPlan } from '../billing/billing.service.ts';
import { isNewMemberPaid } from '../billing/paid-standing.ts';
import { insertLinks } from '../relations/relations.service.ts';
import { findUserById } from '../users/users.service.ts';
import { insertSchool } from '../orgs/orgs.service.ts';
import * as repository from './registration.repository.ts';


/**
 * An invitation into the inviter's reach: roles they could grant, their organization (super_admin:
 * the one named), and for sub-org admins and instructors their own sub-organization. Naming an
 * organization or sub-organization out of reach is refused, never silently replaced.
 */
export async function createInvitation(ctx: AppContext, scope: RequestScope, input: z.infer<typeof invitationCreateSchema>) {
  const { actor } = scope;
  requireGrantableRole(actor, input.user_type, 'invite someone as');
  const org = await requireOrgReach(ctx, actor, input.org_id, scope);
  const orgId = org?.id ?? null;
  if (actor.role === 'instructor' && !orgId) throw forbidden(messages.instructorNeedsOrganization);
  if (input.user_type !== 'super_admin' && !orgId) throw badRequest('Choose an organization', { org_id: 'Choose an organization' });
  const subOrgId = await requireSubOrgReach(ctx, actor, orgId, input.sub_org_id, scope);
  if (isSubOrgRole(input.user_type) && !subOrgId) throw badRequest(messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  if (await isEmailTaken(ctx.db, input.email)) throw conflict(messages.emailTaken, { email: messages.emailTaken });

  const { token, expiresAt } = newInvitationToken();
  const invitation = await repository.insertInvitation(ctx.db, {
    tokenHash: hashSecretToken(token),
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
    action: scope.operation,
    resource: `invitations/${invitation.id}`,
    status: 'success',
    details: { email: input.email, user_type: input.user_type, org_id: orgId, sub_org_id: subOrgId },
  });
  return { id: invitation.id, email: invitation.email, expires_at: expiresAt.toISOString() };
}

function newInvitationToken() {
  return { token: newSecretToken(), expiresAt: new Date(Date.now() + limits.invitationLifetimeDays * 24 * 3600 * 1000) };
}

async function sendInvitation(ctx: AppContext, email: string, role: string, orgName: string | null, token: string) {
  const url = `${ctx.config.appUrl}/auth/user-registration?token=${encodeURIComponent(token)}`;
  await ctx.email.send(invitationEmail(email, role, orgName, url, limits.invitationLifetimeDays));
}

export async function listInvitations(ctx: AppContext, { actor }: RequestScope) {
  const reach = invitationScope(actor);
  if (reach.isEmpty) return { total: 0, items: [] };
  const rows = await repository.listPendingInvitations(ctx.db, reach);
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
export async function resendInvitation(ctx: AppContext, scope: RequestScope, id: string) {
  const found = await requireInvitation(ctx, scope.actor, id, scope);
  const { token, expiresAt } = newInvitationToken();
  await repository.renewInvitation(ctx.db, id, hashSecretToken(token), expiresAt);
  await sendInvitation(ctx, found.invitation.email, found.invitation.userType, found.orgName, token);
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `invitations/${id}`, status: 'success', details: { email: found.invitation.email } });
  return { id, email: found.invitation.email, expires_at: expiresAt.toISOString() };
}

async function findOpenInvitation(ctx: AppContext, token: string) {
  const found = await repository.findInvitationByTokenHash(ctx.db, hashSecretToken(token));
  if (!found || found.invitation.acceptedAt || found.invitation.expiresAt.getTime() < Date.now()) {
    throw notFound(messages.invitationInvalid);
  }
  return found;
}

export async function previewInvitation(ctx: AppContext, token: string) {
  const { invitation, orgName } = await findOpenInvitation(ctx, token);
  const userType = invitation.userType as AssignableRole;
  return { email: invitation.email, user_type: userType, role_label: getRoleLabel(userType), org_name: orgName };
}

/**
 * The invited person joins the invitation's organization in its role, in one transaction with using the
 * invitation up; `createAccount` makes their sign-in identity and Skylog row. Audited as theirs.
 */
async function joinByInvitation(
  ctx: AppContext,
  invitation: repository.InvitationRow,
  name: string,
  createAccount: (tx: Executor, member: NewMember) => Promise<{ skylogId: string }>,
  details: Record<string, string> = {},
): Promise<{ skylogId: string }> {
  const created = await ctx.db.transaction(async (tx) => {
    if (!(await repository.markInvitationAccepted(tx, invitation.id))) throw notFound(messages.invitationInvalid);
    const account = await createAccount(tx, {
      email: invitation.email,
      name,
      userType: invitation.userType as AssignableRole,
      orgId: invitation.orgId,
      subOrgId: invitation.subOrgId,
      isPaid: await isNewMemberPaid(ctx, tx, invitation.orgId),
    });
    // A student an instructor added is that instructor's student from the start.
    const inviter = invitation.invitedBy ? await findUserById(tx, invitation.invitedBy) : undefined;
    if (inviter?.userType === 'instructor' && invitation.userType === 'student' && inviter.orgId === invitation.orgId) {
      await insertLinks(tx, [{ instructor: inviter.skylogId, student: account.skylogId }]);
    }
    return account;
  });
  await ctx.audit.record({
    actor: { skylogId: created.skylogId, role: invitation.userType as AssignableRole, orgId: invitation.orgId },
    // Named here rather than taken from a request: joining through a sign-in provider is no API call of
    // Skylog's, and the log files both ways of accepting an invitation under the same action.
    action: 'registration.accept-invitation',
    resource: `invitations/${invitation.id}`,
    status: 'success',
    details: { email: invitation.email, ...details },
  });
  return created;
}

/** The invitee chooses a name and password; the invitation proves the e-mail address. */
export async function acceptInvitation(ctx: AppContext, input: z.infer<typeof invitationAcceptSchema>) {
  const { invitation } = await findOpenInvitation(ctx, input.token);
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await joinByInvitation(ctx, invitation, input.name, async (tx, member) => {
      if (await isEmailTaken(tx, invitation.email)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
      return insertAccount(tx, { ...member, passwordHash, isEmailVerified: true });
    });
    return { skylog_id: created.skylogId, email: invitation.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
}

/**
 * A sign-in provider makes an account only for someone invited (docs/product.md "Invitations and registration"). Asked
 * before better-auth creates a provider's person: the provider verified the address, and an invitation to it is open.
 */
export async function mayJoinThroughProvider(ctx: AppContext, user: { email: string; emailVerified: boolean }): Promise<boolean> {
  return user.emailVerified && Boolean(await repository.findOpenInvitationByEmail(ctx.db, user.email));
}

/**
 * After better-auth made a provider's person (their identity and provider account): they join as their
 * invitation says. If the invitation went meanwhile, the identity is removed again, so no one is left
 * signed in outside an organization.
 */
export async function joinThroughProvider(ctx: AppContext, user: { id: string; email: string; name: string }, provider: string): Promise<void> {
  const invitation = await repository.findOpenInvitationByEmail(ctx.db, user.email);
  try {
    if (!invitation) throw notFound(messages.invitationInvalid);
    await joinByInvitation(ctx, invitation, user.name.trim() || invitation.email, (tx, member) => insertMember(tx, user.id, member), { provider });
  } catch (error) {
    await deleteAuthUser(ctx.db, user.id);
    throw error;
  }
}

/**
 * Self-service: a new school (organization) and its first org_admin, who confirms the e-mail next.
 * Limited per client address, and answered the same whether or not the e-mail already has an
 * account: the e-mail then tells the address's owner what happened. Both ways do the same work in
 * the request (the password hashed, one mail handed over to go out after the answer) and answer no
 * sooner than `limits.accountAnswerFloorMs`, so the time taken does not tell either.
 */
export async function registerSchool(ctx: AppContext, scope: PublicRequestScope, input: z.infer<typeof schoolRegistrationSchema>) {
  const retryAfter = await ctx.rateLimits.schoolRegistration.reserve(scope.ip);
  if (retryAfter !== null) throw new AppError('rate_limited', rateLimitedMessage(retryAfter));
  return withAnswerFloor(limits.accountAnswerFloorMs, () => registerSchoolOnce(ctx, scope, input));
}

async function registerSchoolOnce(ctx: AppContext, { operation, ip }: PublicRequestScope, input: z.infer<typeof schoolRegistrationSchema>) {
  // Checked before anything else, so a known and a new address get the same answer to a wrong plan.
  const chosenPlan = await checkChosenPlan(ctx, input.plan);
  const passwordHash = await hashPassword(input.password);
  const accepted = { email: input.email };
  if (await isEmailTaken(ctx.db, input.email)) {
    ctx.background.run('e-mail', ctx.email.send(schoolRegistrationTakenEmail(input.email, `${ctx.config.appUrl}/login`)));
    await ctx.audit.record({ actor: null, action: operation, resource: 'orgs', status: 'failure', details: { email: input.email, reason: 'email_taken' }, ipAddress: ip });
    return accepted;
  }
  let created: { orgId: string; skylogId: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const org = await insertSchool(tx, input.school_name, chosenPlan);
      const account = await insertAccount(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        isEmailVerified: false,
        userType: 'org_admin',
        orgId: org.id,
        subOrgId: null,
        // A new school pays before it counts as paid; with billing off everyone does (docs/product.md "Billing and the payment hold").
        isPaid: !ctx.billing,
      });
      return { orgId: org.id, skylogId: account.skylogId };
    });
  } catch (error) {
    // Registered at the same instant by another request: the same answer as a known address.
    if (isUniqueViolation(error)) return accepted;
    throw error;
  }
  // better-auth makes the confirmation link (and holds its own floor before answering): not waited for either.
  ctx.background.run('confirmation e-mail', ctx.auth.api.sendVerificationEmail({ body: { email: input.email } }));
  await ctx.audit.record({
    actor: { skylogId: created.skylogId, role: 'org_admin', orgId: created.orgId },
    action: operation,
    resource: `orgs/${created.orgId}`,
    status: 'success',
    details: { email: input.email, school_name: input.school_name },
    ipAddress: ip,
  });
  return accepted;
}
