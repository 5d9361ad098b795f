import { accountMessages, messages, type Org, type Role, type SignInPolicy, type SubOrg, type SubOrgFlightStats } from '@skylog/contracts';
import type { z } from 'zod';
import type { subOrgCreateSchema, subOrgListQuerySchema, subOrgUpdateSchema } from '@skylog/contracts';
import { orgListScope, subOrgScope } from '../../access/access-rules.ts';
import { requireOrg, requireOrgReach, requireSubOrg } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import * as repository from './orgs.repository.ts';

export type SubOrgRow = NonNullable<Awaited<ReturnType<typeof repository.findSubOrg>>>;

export function toSubOrg(row: SubOrgRow): SubOrg {
  return { id: row.id, org_id: row.orgId, name: row.name, description: row.description };
}

/** super_admin lists every organization (for switching); others see only their own. */
export async function listVisibleOrgs(ctx: AppContext, user: RequestUser): Promise<Org[]> {
  const scope = orgListScope(user);
  if (scope === 'all') return repository.listOrgs(ctx.db);
  if (!scope.orgId) return [];
  const org = await repository.findOrg(ctx.db, scope.orgId);
  return org ? [org] : [];
}

export async function getOrg(ctx: AppContext, user: RequestUser, id: string, path: string): Promise<Org> {
  return requireOrg(ctx, user, id, { operation: 'orgs.read', path });
}

export async function getSubOrg(ctx: AppContext, user: RequestUser, id: string, path: string): Promise<SubOrg> {
  return toSubOrg(await requireSubOrg(ctx, user, id, 'read', { operation: 'sub-orgs.read', path }));
}

/** Flights and hours per member: the sub-organization page's figures for admins who may not open flights. */
export async function getSubOrgFlightStats(ctx: AppContext, user: RequestUser, id: string, path: string): Promise<SubOrgFlightStats> {
  await requireSubOrg(ctx, user, id, 'read', { operation: 'sub-orgs.flight-stats', path });
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

export async function createOrg(ctx: AppContext, actor: RequestUser, name: string): Promise<Org> {
  const org = await repository.insertOrg(ctx.db, name);
  await ctx.audit.record({ actor, action: 'orgs.create', resource: `orgs/${org.id}`, status: 'success', details: { name } });
  return org;
}

export async function renameOrg(ctx: AppContext, actor: RequestUser, id: string, name: string): Promise<Org> {
  const org = await repository.renameOrg(ctx.db, id, name);
  if (!org) throw notFound(messages.organizationNotFound);
  await ctx.audit.record({ actor, action: 'orgs.update', resource: `orgs/${id}`, status: 'success', details: { name } });
  return org;
}

/** GET /api/orgs/{id}/sign-in-policy: its own organization's, for an org admin; any, for the super_admin. */
export async function getSignInPolicy(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<SignInPolicy> {
  await requireOrg(ctx, actor, id, { operation: 'orgs.read-sign-in-policy', path });
  const policy = await repository.findSignInPolicy(ctx.db, id);
  return { require_admin_two_factor: policy?.requireAdminTwoFactor ?? false };
}

/**
 * PUT /api/orgs/{id}/sign-in-policy: from now on the organization's administrators (sub-organizations' too)
 * must have an authenticator app; those without one are held at Account security until they add one.
 */
export async function updateSignInPolicy(ctx: AppContext, actor: RequestUser, id: string, policy: SignInPolicy, path: string): Promise<SignInPolicy> {
  await requireOrg(ctx, actor, id, { operation: 'orgs.update-sign-in-policy', path });
  // Whoever turns it on must meet it, so an organization never locks out the admin who chose it.
  if (policy.require_admin_two_factor && !actor.hasAuthenticator) {
    throw badRequest(accountMessages.signInPolicyNeedsOwnFactor, { require_admin_two_factor: accountMessages.signInPolicyNeedsOwnFactor });
  }
  await repository.setSignInPolicy(ctx.db, id, policy.require_admin_two_factor);
  const details = { requireAdminTwoFactor: policy.require_admin_two_factor };
  await ctx.audit.record({ actor, action: 'orgs.update-sign-in-policy', resource: `orgs/${id}`, status: 'success', details });
  return policy;
}

/** super_admin: the current (or a chosen) organization; org admins: theirs; sub-org admins: their own sub-organization only. */
export async function listSubOrgs(ctx: AppContext, actor: RequestUser, query: z.infer<typeof subOrgListQuerySchema>, path: string) {
  const scope = subOrgScope(actor, query.org_id);
  if (scope === 'out-of-reach') await requireOrgReach(ctx, actor, query.org_id, { operation: 'sub-orgs.list', path });
  if (scope === 'out-of-reach' || scope.isEmpty) return { items: [], total: 0 };
  const { items, total } = await repository.listSubOrgs(
    ctx.db,
    { orgId: scope.orgId, id: scope.subOrgId, search: query.search },
    query.page * query.page_size,
    query.page_size,
  );
  return { items: items.map((row) => ({ ...toSubOrg(row), member_count: row.memberCount, trip_count: row.tripCount })), total };
}

/** In the actor's organization (super_admin: the one named, or the current); another organization's id is refused. */
export async function createSubOrg(ctx: AppContext, actor: RequestUser, input: z.infer<typeof subOrgCreateSchema>, path: string): Promise<SubOrg> {
  const orgId = await requireOrgReach(ctx, actor, input.org_id, { operation: 'sub-orgs.create', path });
  if (!orgId) throw badRequest('Choose an organization first', { org_id: 'Choose an organization first' });
  const subOrg = await repository.insertSubOrg(ctx.db, { orgId, name: input.name, description: input.description ?? null });
  await ctx.audit.record({ actor, action: 'sub-orgs.create', resource: `sub_orgs/${subOrg.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(subOrg);
}

export async function updateSubOrg(ctx: AppContext, actor: RequestUser, input: z.infer<typeof subOrgUpdateSchema>, path: string): Promise<SubOrg> {
  const current = await requireSubOrg(ctx, actor, input.id, 'manage', { operation: 'sub-orgs.update', path });
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  // Nothing to change (only the id sent) is not an error: the sub-organization stays as it is.
  if (Object.keys(changes).length === 0) return toSubOrg(current);
  const updated = await repository.updateSubOrg(ctx.db, input.id, changes);
  await ctx.audit.record({ actor, action: 'sub-orgs.update', resource: `sub_orgs/${input.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(updated!);
}

export async function deleteSubOrg(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<void> {
  const subOrg = await requireSubOrg(ctx, actor, id, 'manage', { operation: 'sub-orgs.delete', path });
  await ctx.db.transaction(async (tx) => {
    const members = await repository.countSubOrgMembers(tx, id);
    if (members > 0) {
      throw conflict(`${subOrg.name} still has ${members} member${members === 1 ? '' : 's'}. Move them to another sub-organization or remove them first.`);
    }
    await repository.deleteSubOrg(tx, id);
  });
  await ctx.audit.record({ actor, action: 'sub-orgs.delete', resource: `sub_orgs/${id}`, status: 'success', details: { name: subOrg.name } });
}
