import { accountMessages, messages, type ChosenPlan, type Org, type Role, type SignInPolicy, type SubOrg, type SubOrgFlightStats } from '@skylog/contracts';
import type { z } from 'zod';
import type { subOrgCreateSchema, subOrgListQuerySchema, subOrgUpdateSchema } from '@skylog/contracts';
import { orgListScope, subOrgScope } from '../../access/access-rules.ts';
import { findOrg, type findSubOrg } from '../../access/access.repository.ts';
import { requireOrg, requireOrgReach, requireSubOrg } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './orgs.repository.ts';

export type SubOrgRow = NonNullable<Awaited<ReturnType<typeof findSubOrg>>>;

export function toSubOrg(row: SubOrgRow): SubOrg {
  return { id: row.id, org_id: row.orgId, name: row.name, description: row.description };
}

/** super_admin lists every organization (for switching); others see only their own. */
export async function listVisibleOrgs(ctx: AppContext, { actor }: RequestScope): Promise<Org[]> {
  const reach = orgListScope(actor);
  if (reach === 'all') return repository.listOrgs(ctx.db);
  if (!reach.orgId) return [];
  const org = await findOrg(ctx.db, reach.orgId);
  return org ? [org] : [];
}

export async function getOrg(ctx: AppContext, scope: RequestScope, id: string): Promise<Org> {
  return requireOrg(ctx, scope.actor, id, scope);
}

export async function getSubOrg(ctx: AppContext, scope: RequestScope, id: string): Promise<SubOrg> {
  return toSubOrg(await requireSubOrg(ctx, scope.actor, id, 'read', scope));
}

/** Flights and hours per member: the sub-organization page's figures for admins who may not open flights. */
export async function getSubOrgFlightStats(ctx: AppContext, scope: RequestScope, id: string): Promise<SubOrgFlightStats> {
  await requireSubOrg(ctx, scope.actor, id, 'read', scope);
  const rows = await repository.listSubOrgFlightStats(ctx.db, id);
  return {
    items: rows.map((row) => ({
      skylog_id: row.skylogId,
      name: row.name,
      email: row.email,
      user_type: row.userType as Role,
      flights: row.flights,
      flight_time_ms: row.flightTimeMs,
    })),
  };
}

export async function createOrg(ctx: AppContext, { actor, operation }: RequestScope, name: string): Promise<Org> {
  const org = await repository.insertOrg(ctx.db, name);
  await ctx.audit.record({ actor, action: operation, resource: `orgs/${org.id}`, status: 'success', details: { name } });
  return org;
}

export async function renameOrg(ctx: AppContext, { actor, operation }: RequestScope, id: string, name: string): Promise<Org> {
  const org = await repository.renameOrg(ctx.db, id, name);
  if (!org) throw notFound(messages.organizationNotFound);
  await ctx.audit.record({ actor, action: operation, resource: `orgs/${id}`, status: 'success', details: { name } });
  return org;
}

/** GET /api/orgs/{id}/sign-in-policy: its own organization's, for an org admin; any, for the super_admin. */
export async function getSignInPolicy(ctx: AppContext, scope: RequestScope, id: string): Promise<SignInPolicy> {
  await requireOrg(ctx, scope.actor, id, scope);
  const policy = await repository.findSignInPolicy(ctx.db, id);
  return { require_admin_two_factor: policy?.requireAdminTwoFactor ?? false };
}

/**
 * PUT /api/orgs/{id}/sign-in-policy: from now on the organization's administrators (sub-organizations' too)
 * must have an authenticator app; those without one are held at Account security until they add one.
 */
export async function updateSignInPolicy(ctx: AppContext, scope: RequestScope, id: string, policy: SignInPolicy): Promise<SignInPolicy> {
  const { actor } = scope;
  await requireOrg(ctx, actor, id, scope);
  // Whoever turns it on must meet it, so an organization never locks out the admin who chose it.
  if (policy.require_admin_two_factor && !actor.hasAuthenticator) {
    throw badRequest(accountMessages.signInPolicyNeedsOwnFactor, { require_admin_two_factor: accountMessages.signInPolicyNeedsOwnFactor });
  }
  await repository.setSignInPolicy(ctx.db, id, policy.require_admin_two_factor);
  const details = { requireAdminTwoFactor: policy.require_admin_two_factor };
  await ctx.audit.record({ actor, action: scope.operation, resource: `orgs/${id}`, status: 'success', details });
  return policy;
}

/** super_admin: the current (or a chosen) organization; org admins: theirs; sub-org admins: their own sub-organization only. */
export async function listSubOrgs(ctx: AppContext, scope: RequestScope, query: z.infer<typeof subOrgListQuerySchema>) {
  const reach = subOrgScope(scope.actor, query.org_id);
  if (reach === 'out-of-reach') await requireOrgReach(ctx, scope.actor, query.org_id, scope);
  if (reach === 'out-of-reach' || reach.isEmpty) return { items: [], total: 0 };
  const { items, total } = await repository.listSubOrgs(
    ctx.db,
    { orgId: reach.orgId, id: reach.subOrgId, search: query.search },
    query.page * query.page_size,
    query.page_size,
  );
  return { items: items.map((row) => ({ ...toSubOrg(row), member_count: row.memberCount, trip_count: row.tripCount })), total };
}

/** In the actor's organization (super_admin: the one named, or the current); another organization's id is refused. */
export async function createSubOrg(ctx: AppContext, scope: RequestScope, input: z.infer<typeof subOrgCreateSchema>): Promise<SubOrg> {
  const orgId = (await requireOrgReach(ctx, scope.actor, input.org_id, scope))?.id;
  if (!orgId) throw badRequest('Choose an organization first', { org_id: 'Choose an organization first' });
  const subOrg = await repository.insertSubOrg(ctx.db, { orgId, name: input.name, description: input.description ?? null });
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `sub_orgs/${subOrg.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(subOrg);
}

export async function updateSubOrg(ctx: AppContext, scope: RequestScope, input: z.infer<typeof subOrgUpdateSchema>): Promise<SubOrg> {
  const current = await requireSubOrg(ctx, scope.actor, input.id, 'manage', scope);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  // Nothing to change (only the id sent) is not an error: the sub-organization stays as it is.
  if (Object.keys(changes).length === 0) return toSubOrg(current);
  const updated = await repository.updateSubOrg(ctx.db, input.id, changes);
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `sub_orgs/${input.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(updated!);
}

export async function deleteSubOrg(ctx: AppContext, scope: RequestScope, id: string): Promise<void> {
  const subOrg = await requireSubOrg(ctx, scope.actor, id, 'manage', scope);
  await ctx.db.transaction(async (tx) => {
    const members = await repository.countSubOrgMembers(tx, id);
    if (members > 0) {
      throw conflict(`${subOrg.name} still has ${members} member${members === 1 ? '' : 's'}. Move them to another sub-organization or remove them first.`);
    }
    await repository.deleteSubOrg(tx, id);
  });
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `sub_orgs/${id}`, status: 'success', details: { name: subOrg.name } });
}

/** The organization of a school registering itself, in `db` (a transaction's too); its caller decided. */
export function insertSchool(db: Executor, name: string, chosenPlan: ChosenPlan | null = null) {
  return repository.insertOrg(db, name, chosenPlan);
}
