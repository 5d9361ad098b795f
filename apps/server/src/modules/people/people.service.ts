import {
  getGrantableRoles,
  getRoleLabel,
  isOrgWideRole,
  isSubOrgRole,
  messages,
  type AssignableRole,
  type Person,
  type User,
} from '@skylog/contracts';
import type { z } from 'zod';
import type { assignmentSchema, userListQuerySchema } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { findOrg, findSubOrg } from '../orgs/orgs.repository.ts';
import { deleteAuthIdentity } from '../users/users.repository.ts';
import * as repository from './people.repository.ts';
import type { PeopleFilter, PersonRow } from './people.repository.ts';

const userNotFound = () => new AppError(404, 'not_found', messages.userNotFound);

export function toPerson({ user, orgName, subOrgName, collectorName }: PersonRow): Person {
  return {
    skylog_id: user.skylogId,
    auth_id: user.authId,
    name: user.name,
    email: user.email,
    phone: user.phone,
    program: user.program,
    license_number: user.licenseNumber,
    international: user.international,
    fulltime: user.fulltime,
    certifications: user.certifications,
    user_type: user.userType as User['user_type'],
    org_id: user.orgId,
    sub_org_id: user.subOrgId,
    cable_collections: user.cableCollections,
    is_paid: user.isPaid,
    is_active: user.isActive,
    org_name: orgName,
    sub_org_name: subOrgName,
    cable_collected_at: user.cableCollectedAt?.toISOString() ?? null,
    cable_collected_by: user.cableCollectedBy,
    cable_collected_by_name: collectorName,
    created_at: user.createdAt.toISOString(),
  };
}

const noOrg = '00000000-0000-0000-0000-000000000000';

/**
 * Which people a caller may list (decisions.md tenancy): super_admin the current organization or,
 * with org_id=all, every one; org admins their organization; sub-org admins their sub-organization;
 * instructors the students and instructors of their organization.
 */
function scopeFilter(actor: RequestUser, requestedOrgId: string | undefined): Pick<PeopleFilter, 'orgId' | 'subOrgId' | 'roles'> {
  if (actor.role === 'super_admin') {
    if (requestedOrgId === 'all') return { orgId: null };
    return { orgId: requestedOrgId ?? actor.orgId };
  }
  const orgId = actor.orgId ?? noOrg;
  if (isOrgWideRole(actor.role)) return { orgId };
  if (isSubOrgRole(actor.role)) return { orgId, subOrgId: actor.subOrgId ?? noOrg };
  return { orgId, roles: ['student', 'instructor'] };
}

export async function listPeople(ctx: AppContext, actor: RequestUser, query: z.infer<typeof userListQuerySchema>) {
  const scope = scopeFilter(actor, query.org_id);
  const filter: PeopleFilter = {
    ...scope,
    // A sub-org filter narrows an org-wide scope; a sub-org admin's own scope cannot be widened.
    subOrgId: scope.subOrgId ?? query.sub_org_id,
    role: query.role,
    search: query.search,
    cable: query.cable,
    status: query.status,
  };
  const { items, total } = await repository.listPeople(
    ctx.db,
    filter,
    { field: query.sort, order: query.order },
    query.page * query.page_size,
    query.page_size,
  );
  return { items: items.map(toPerson), total };
}

/** Whether the actor's scope holds this person at all (reads). */
export function canSeePerson(actor: RequestUser, target: PersonRow['user'], linkedStudentIds: readonly string[] = []): boolean {
  if (actor.skylogId === target.skylogId || actor.role === 'super_admin') return true;
  if (!actor.orgId || actor.orgId !== target.orgId) return false;
  if (isOrgWideRole(actor.role)) return true;
  if (isSubOrgRole(actor.role)) return actor.subOrgId !== null && actor.subOrgId === target.subOrgId;
  if (actor.role === 'instructor') return target.userType === 'student' || target.userType === 'instructor';
  return linkedStudentIds.includes(actor.skylogId) && target.userType === 'instructor';
}

/** Whether the actor may administer this person (role, organization, status, cable): their organization, and roles they could grant. */
function canAdminister(actor: RequestUser, target: PersonRow['user']): boolean {
  if (actor.role === 'super_admin') return true;
  return (
    isOrgWideRole(actor.role) &&
    actor.orgId !== null &&
    actor.orgId === target.orgId &&
    (getGrantableRoles(actor.role) as readonly string[]).includes(target.userType)
  );
}

async function findInScope(ctx: AppContext, actor: RequestUser, skylogId: string, action: string, path: string, canAct: (target: PersonRow['user']) => boolean) {
  const row = await repository.findPerson(ctx.db, skylogId);
  if (!row) throw userNotFound();
  if (!canAct(row.user)) {
    await ctx.audit.recordDenial({ actor, action, resource: `users/${skylogId}`, path, isSelfAccess: actor.skylogId === skylogId, reason: 'scope' });
    throw userNotFound();
  }
  return row;
}

export async function getPerson(ctx: AppContext, actor: RequestUser, skylogId: string, path: string): Promise<Person> {
  // A student may see the instructors linked to them.
  const linked = actor.role === 'student' ? await repository.findInstructorIdsOf(ctx.db, actor.skylogId) : [];
  const row = await findInScope(ctx, actor, skylogId, 'users.read', path, (target) =>
    actor.role === 'student' ? target.skylogId === actor.skylogId || linked.includes(target.skylogId) : canSeePerson(actor, target),
  );
  return toPerson(row);
}

function refuseSelf(actor: RequestUser, skylogId: string) {
  if (actor.skylogId === skylogId) throw new AppError(400, 'validation_error', messages.cannotChangeOwnAccount);
}

/** A role change signs the person out everywhere, so the new role applies at once (decisions.md). */
export async function changeRole(ctx: AppContext, actor: RequestUser, skylogId: string, role: AssignableRole, path: string) {
  refuseSelf(actor, skylogId);
  const row = await findInScope(ctx, actor, skylogId, 'users.change-role', path, (target) => canAdminister(actor, target));
  if (!getGrantableRoles(actor.role).includes(role)) {
    throw new AppError(403, 'forbidden', `You cannot make someone ${getRoleLabel(role)}`, { user_type: 'Choose a role you may grant' });
  }
  if (row.user.userType === role) return toPerson(row);
  if (isSubOrgRole(role) && !row.user.subOrgId) {
    throw new AppError(400, 'validation_error', messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  }
  await ctx.db.transaction(async (tx) => {
    await repository.updatePerson(tx, skylogId, { userType: role });
    if (row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({ actor, action: 'users.change-role', resource: `users/${skylogId}`, status: 'success', details: { from: row.user.userType, to: role } });
  return toPerson((await repository.findPerson(ctx.db, skylogId))!);
}

/** Spec §7 POST users with org_id, and the sub-organization: both checked against the actor's reach. */
export async function assign(ctx: AppContext, actor: RequestUser, skylogId: string, input: z.infer<typeof assignmentSchema>, path: string) {
  refuseSelf(actor, skylogId);
  const row = await findInScope(ctx, actor, skylogId, 'users.assign', path, (target) => canAdminister(actor, target));
  const isOrgChange = input.org_id !== undefined && input.org_id !== row.user.orgId;
  if (isOrgChange && actor.role !== 'super_admin') {
    throw new AppError(403, 'forbidden', 'Only a super admin can move people to another organization', { org_id: 'Only a super admin can change this' });
  }
  const orgId = input.org_id !== undefined ? input.org_id : row.user.orgId;
  if (orgId && !(await findOrg(ctx.db, orgId))) throw new AppError(400, 'validation_error', 'Organization not found', { org_id: 'Organization not found' });
  // Moving to another organization leaves the old organization's sub-organization behind.
  let subOrgId = input.sub_org_id !== undefined ? input.sub_org_id : isOrgChange ? null : row.user.subOrgId;
  if (subOrgId) {
    const subOrg = await findSubOrg(ctx.db, subOrgId);
    if (!subOrg || subOrg.orgId !== orgId) throw new AppError(400, 'validation_error', 'Sub-organization not found in this organization', { sub_org_id: 'Sub-organization not found in this organization' });
  } else {
    subOrgId = null;
  }
  if (isSubOrgRole(row.user.userType) && !subOrgId) {
    throw new AppError(400, 'validation_error', messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  }
  await ctx.db.transaction(async (tx) => {
    await repository.updatePerson(tx, skylogId, { orgId, subOrgId });
    // Links belong to one organization: moving someone out ends their instructor–student links.
    if (isOrgChange) await repository.deleteLinksOf(tx, skylogId);
    if (row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({
    actor,
    action: 'users.assign',
    resource: `users/${skylogId}`,
    status: 'success',
    details: { from: { org_id: row.user.orgId, sub_org_id: row.user.subOrgId }, to: { org_id: orgId, sub_org_id: subOrgId } },
  });
  return toPerson((await repository.findPerson(ctx.db, skylogId))!);
}

export async function setActive(ctx: AppContext, actor: RequestUser, skylogId: string, isActive: boolean, path: string) {
  refuseSelf(actor, skylogId);
  const row = await findInScope(ctx, actor, skylogId, 'users.set-active', path, (target) => canAdminister(actor, target));
  await ctx.db.transaction(async (tx) => {
    await repository.updatePerson(tx, skylogId, { isActive });
    if (!isActive && row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({ actor, action: isActive ? 'users.reactivate' : 'users.deactivate', resource: `users/${skylogId}`, status: 'success' });
  return toPerson((await repository.findPerson(ctx.db, skylogId))!);
}

/**
 * Spec §6: admins delete instructors and students; instructors delete students (their own, in their
 * organization). The sign-in identity goes with the person.
 */
export async function deletePerson(ctx: AppContext, actor: RequestUser, skylogId: string, path: string) {
  refuseSelf(actor, skylogId);
  const ownStudents = actor.role === 'instructor' ? await repository.findStudentIdsOf(ctx.db, actor.skylogId) : [];
  const row = await findInScope(ctx, actor, skylogId, 'users.delete', path, (target) => {
    if (actor.role === 'instructor') return target.userType === 'student' && target.orgId === actor.orgId && ownStudents.includes(target.skylogId);
    return canAdminister(actor, target);
  });
  await ctx.db.transaction(async (tx) => {
    await repository.deletePerson(tx, skylogId);
    if (row.user.authId) await deleteAuthIdentity(tx, row.user.authId);
  });
  await ctx.audit.record({
    actor,
    action: 'users.delete',
    resource: `users/${skylogId}`,
    status: 'success',
    details: { email: row.user.email, user_type: row.user.userType },
  });
}

/** Cable Collection: who has handed in the recorder cable, when and to whom. */
export async function updateCable(ctx: AppContext, actor: RequestUser, skylogId: string, isCollected: boolean, path: string) {
  await findInScope(ctx, actor, skylogId, 'users.update-cable', path, (target) => canAdminister(actor, target));
  await repository.updatePerson(ctx.db, skylogId, {
    cableCollections: isCollected,
    cableCollectedAt: isCollected ? new Date() : null,
    cableCollectedBy: isCollected ? actor.skylogId : null,
  });
  await ctx.audit.record({ actor, action: 'users.update-cable', resource: `users/${skylogId}`, status: 'success', details: { cable_collections: isCollected } });
  return toPerson((await repository.findPerson(ctx.db, skylogId))!);
}
