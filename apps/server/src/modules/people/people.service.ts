import { isSubOrgRole, messages, type AssignableRole, type Person, type User } from '@skylog/contracts';
import type { z } from 'zod';
import type { assignmentSchema, userListQuerySchema } from '@skylog/contracts';
import { mayMovePersonAcrossOrgs, peopleScope } from '../../access/access-rules.ts';
import { getPersonPermissions, requireGrantableRole, requirePerson, requireOrgReach, type PersonPermissions } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { isNewMemberPaid } from '../billing/paid-standing.ts';
import { findOrg, findPerson, findSubOrg } from '../../access/access.repository.ts';
import type { PersonRow } from '../../db/columns.ts';
import { deleteAuthUser } from '../accounts/accounts.service.ts';
import * as repository from './people.repository.ts';
import type { PeopleFilter } from './people.repository.ts';

export function toPerson({ user, orgName, subOrgName, collectorName }: PersonRow, permissions: PersonPermissions): Person {
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
    ...permissions,
  };
}

/** A person as the caller sees them, with what the caller may do to them. */
async function present(ctx: AppContext, actor: RequestUser, row: PersonRow): Promise<Person> {
  const permissions = await getPersonPermissions(ctx, actor, [row.user]);
  return toPerson(row, permissions.get(row.user.skylogId)!);
}

async function presentAgain(ctx: AppContext, actor: RequestUser, skylogId: string): Promise<Person> {
  const row = await findPerson(ctx.db, skylogId);
  if (!row) throw notFound(messages.userNotFound);
  return present(ctx, actor, row);
}

/** People in the caller's scope (docs/product.md "People and who manages them"); naming an organization out of reach is refused. */
export async function listPeople(ctx: AppContext, scope: RequestScope, query: z.infer<typeof userListQuerySchema>) {
  const { actor } = scope;
  const reach = peopleScope(actor, query.org_id);
  if (reach === 'out-of-reach') await requireOrgReach(ctx, actor, query.org_id, scope);
  if (reach === 'out-of-reach' || reach.isEmpty) return { items: [], total: 0 };
  const filter: repository.PeopleFilter = {
    orgId: reach.orgId,
    roles: reach.roles,
    // A sub-org filter narrows an org-wide scope; a sub-org admin's own scope cannot be widened.
    subOrgId: reach.subOrgId ?? query.sub_org_id,
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
  const permissions = await getPersonPermissions(ctx, actor, items.map((row) => row.user));
  return { items: items.map((row) => toPerson(row, permissions.get(row.user.skylogId)!)), total };
}

export async function getPerson(ctx: AppContext, scope: RequestScope, skylogId: string): Promise<Person> {
  return present(ctx, scope.actor, await requirePerson(ctx, scope.actor, skylogId, 'read', scope));
}

function refuseSelf(actor: RequestUser, skylogId: string) {
  if (actor.skylogId === skylogId) throw badRequest(messages.cannotChangeOwnAccount);
}

/** A role change signs the person out everywhere, so the new role applies at once (docs/product.md "People and who manages them"). */
export async function changeRole(ctx: AppContext, scope: RequestScope, skylogId: string, role: AssignableRole) {
  const { actor } = scope;
  refuseSelf(actor, skylogId);
  const row = await requirePerson(ctx, actor, skylogId, 'administer', scope);
  requireGrantableRole(actor, role, 'make someone');
  if (row.user.userType === role) return present(ctx, actor, row);
  if (isSubOrgRole(role) && !row.user.subOrgId) throw badRequest(messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  await ctx.db.transaction(async (tx) => {
    await repository.updatePerson(tx, skylogId, { userType: role });
    if (row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({ actor, action: scope.operation, resource: `users/${skylogId}`, status: 'success', details: { from: row.user.userType, to: role } });
  return presentAgain(ctx, actor, skylogId);
}

/** Moves a person to an organization and / or sub-organization, each checked against the actor's reach. */
export async function assign(ctx: AppContext, scope: RequestScope, skylogId: string, input: z.infer<typeof assignmentSchema>) {
  const { actor } = scope;
  refuseSelf(actor, skylogId);
  const row = await requirePerson(ctx, actor, skylogId, 'administer', scope);
  const isOrgChange = input.org_id !== undefined && input.org_id !== row.user.orgId;
  if (isOrgChange && !mayMovePersonAcrossOrgs(actor)) {
    throw forbidden('Only a super admin can move people to another organization', { org_id: 'Only a super admin can change this' });
  }
  const orgId = input.org_id !== undefined ? input.org_id : row.user.orgId;
  if (orgId && !(await findOrg(ctx.db, orgId))) throw badRequest(messages.organizationNotFound, { org_id: messages.organizationNotFound });
  // Moving to another organization leaves the old organization's sub-organization behind.
  let subOrgId = input.sub_org_id !== undefined ? input.sub_org_id : isOrgChange ? null : row.user.subOrgId;
  if (subOrgId) {
    const subOrg = await findSubOrg(ctx.db, subOrgId);
    if (!subOrg || subOrg.orgId !== orgId) throw badRequest('Sub-organization not found in this organization', { sub_org_id: 'Sub-organization not found in this organization' });
  } else {
    subOrgId = null;
  }
  if (isSubOrgRole(row.user.userType) && !subOrgId) throw badRequest(messages.subOrgRoleNeedsSubOrg, { sub_org_id: messages.subOrgRoleNeedsSubOrg });
  await ctx.db.transaction(async (tx) => {
    // Who pays follows the organization (ARCHITECTURE.md "Billing").
    await repository.updatePerson(tx, skylogId, isOrgChange ? { orgId, subOrgId, isPaid: await isNewMemberPaid(ctx, tx, orgId) } : { orgId, subOrgId });
    // Links belong to one organization: moving someone out ends their instructor–student links.
    if (isOrgChange) await repository.deleteLinksOf(tx, skylogId);
    if (row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({
    actor,
    action: scope.operation,
    resource: `users/${skylogId}`,
    status: 'success',
    details: { from: { org_id: row.user.orgId, sub_org_id: row.user.subOrgId }, to: { org_id: orgId, sub_org_id: subOrgId } },
  });
  return presentAgain(ctx, actor, skylogId);
}

export async function setActive(ctx: AppContext, scope: RequestScope, skylogId: string, isActive: boolean) {
  const { actor } = scope;
  refuseSelf(actor, skylogId);
  const row = await requirePerson(ctx, actor, skylogId, 'administer', scope);
  await ctx.db.transaction(async (tx) => {
    await repository.updatePerson(tx, skylogId, { isActive });
    if (!isActive && row.user.authId) await repository.deleteSessions(tx, row.user.authId);
  });
  await ctx.audit.record({ actor, action: isActive ? 'users.reactivate' : 'users.deactivate', resource: `users/${skylogId}`, status: 'success' });
  return presentAgain(ctx, actor, skylogId);
}

/**
 * Admins delete instructors and students; an instructor deletes only their own students, in their organization
 * (docs/product.md "People and who manages them"). The sign-in identity goes with the person.
 */
export async function deletePerson(ctx: AppContext, scope: RequestScope, skylogId: string) {
  const { actor } = scope;
  refuseSelf(actor, skylogId);
  const row = await requirePerson(ctx, actor, skylogId, 'delete', scope);
  await ctx.db.transaction(async (tx) => {
    await repository.deletePerson(tx, skylogId);
    if (row.user.authId) await deleteAuthUser(tx, row.user.authId);
  });
  await ctx.audit.record({
    actor,
    action: scope.operation,
    resource: `users/${skylogId}`,
    status: 'success',
    details: { email: row.user.email, user_type: row.user.userType },
  });
}

/** Cable Collection: who has handed in the recorder cable, when and to whom. */
export async function updateCable(ctx: AppContext, scope: RequestScope, skylogId: string, isCollected: boolean) {
  const { actor } = scope;
  await requirePerson(ctx, actor, skylogId, 'administer', scope);
  await repository.updatePerson(ctx.db, skylogId, {
    cableCollections: isCollected,
    cableCollectedAt: isCollected ? new Date() : null,
    cableCollectedBy: isCollected ? actor.skylogId : null,
  });
  await ctx.audit.record({ actor, action: scope.operation, resource: `users/${skylogId}`, status: 'success', details: { cable_collections: isCollected } });
  return presentAgain(ctx, actor, skylogId);
}

// For other modules: each decides nothing; its caller has.

/** Ends the person's sessions (all but `exceptToken`, the caller's own), in `db` (a transaction's too). */
export function endSessions(db: Executor, authId: string, exceptToken: string | null = null): Promise<void> {
  return repository.deleteSessions(db, authId, exceptToken);
}

export type { PeopleFilter };

/** How many people of an organization `filter` selects (the overview's figures, counted as the people list counts). */
export async function countPeople(ctx: AppContext, filter: PeopleFilter): Promise<number> {
  return (await repository.listPeople(ctx.db, filter, { field: 'name', order: 'asc' }, 0, 0)).total;
}
