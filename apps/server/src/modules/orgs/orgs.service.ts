import { isOrgWideRole, isSubOrgRole, type Org, type SubOrg } from '@skylog/contracts';
import type { z } from 'zod';
import type { subOrgCreateSchema, subOrgListQuerySchema, subOrgUpdateSchema } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { canSeeOrg, canSeeSubOrg } from '../../lib/scope.ts';
import * as repository from './orgs.repository.ts';

export type SubOrgRow = NonNullable<Awaited<ReturnType<typeof repository.findSubOrg>>>;

export function toSubOrg(row: SubOrgRow): SubOrg {
  return { id: row.id, org_id: row.orgId, name: row.name, description: row.description };
}

/** super_admin lists every organization (for switching); others see only their own. */
export async function listVisibleOrgs(ctx: AppContext, user: RequestUser): Promise<Org[]> {
  if (user.role === 'super_admin') return repository.listOrgs(ctx.db);
  if (!user.orgId) return [];
  const org = await repository.findOrg(ctx.db, user.orgId);
  return org ? [org] : [];
}

export async function getOrg(ctx: AppContext, user: RequestUser, id: string, path: string): Promise<Org> {
  const org = await repository.findOrg(ctx.db, id);
  if (!org) throw notFound();
  if (!canSeeOrg(user, id)) {
    await ctx.audit.recordDenial({ actor: user, action: 'orgs.read', resource: `orgs/${id}`, path, isSelfAccess: false, reason: 'scope' });
    throw notFound();
  }
  return org;
}

export async function getSubOrg(ctx: AppContext, user: RequestUser, id: string, path: string): Promise<SubOrg> {
  const subOrg = await repository.findSubOrg(ctx.db, id);
  if (!subOrg) throw notFound();
  if (!canSeeSubOrg(user, subOrg)) {
    await ctx.audit.recordDenial({ actor: user, action: 'sub-orgs.read', resource: `sub_orgs/${id}`, path, isSelfAccess: false, reason: 'scope' });
    throw notFound();
  }
  return toSubOrg(subOrg);
}

export async function createOrg(ctx: AppContext, actor: RequestUser, name: string): Promise<Org> {
  const org = await repository.insertOrg(ctx.db, name);
  await ctx.audit.record({ actor, action: 'orgs.create', resource: `orgs/${org.id}`, status: 'success', details: { name } });
  return org;
}

export async function renameOrg(ctx: AppContext, actor: RequestUser, id: string, name: string): Promise<Org> {
  const org = await repository.renameOrg(ctx.db, id, name);
  if (!org) throw notFound('Organization not found');
  await ctx.audit.record({ actor, action: 'orgs.update', resource: `orgs/${id}`, status: 'success', details: { name } });
  return org;
}

const noOrg = '00000000-0000-0000-0000-000000000000';

/** super_admin: the current (or a chosen) organization; org admins: theirs; sub-org admins: their own sub-organization only. */
export async function listSubOrgs(ctx: AppContext, actor: RequestUser, query: z.infer<typeof subOrgListQuerySchema>) {
  const filter =
    actor.role === 'super_admin'
      ? { orgId: query.org_id ?? actor.orgId }
      : isSubOrgRole(actor.role)
        ? { orgId: actor.orgId ?? noOrg, id: actor.subOrgId ?? noOrg }
        : { orgId: actor.orgId ?? noOrg };
  const { items, total } = await repository.listSubOrgs(ctx.db, { ...filter, search: query.search }, query.page * query.page_size, query.page_size);
  return { items: items.map((row) => ({ ...toSubOrg(row), member_count: row.memberCount, trip_count: row.tripCount })), total };
}

export async function createSubOrg(ctx: AppContext, actor: RequestUser, input: z.infer<typeof subOrgCreateSchema>): Promise<SubOrg> {
  const orgId = actor.role === 'super_admin' ? (input.org_id ?? actor.orgId) : actor.orgId;
  if (!orgId || !(await repository.findOrg(ctx.db, orgId))) {
    throw new AppError(400, 'validation_error', 'Choose an organization first', { org_id: 'Choose an organization first' });
  }
  const subOrg = await repository.insertSubOrg(ctx.db, { orgId, name: input.name, description: input.description ?? null });
  await ctx.audit.record({ actor, action: 'sub-orgs.create', resource: `sub_orgs/${subOrg.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(subOrg);
}

/** Org admins manage every sub-organization of their organization; sub-org admins only their own. */
async function findManageableSubOrg(ctx: AppContext, actor: RequestUser, id: string, action: string, path: string) {
  const subOrg = await repository.findSubOrg(ctx.db, id);
  if (!subOrg) throw notFound('Sub-organization not found');
  const canManage =
    actor.role === 'super_admin' ||
    (isOrgWideRole(actor.role) && actor.orgId === subOrg.orgId) ||
    (isSubOrgRole(actor.role) && actor.subOrgId === subOrg.id);
  if (!canManage) {
    await ctx.audit.recordDenial({ actor, action, resource: `sub_orgs/${id}`, path, isSelfAccess: false, reason: 'scope' });
    throw notFound('Sub-organization not found');
  }
  return subOrg;
}

export async function updateSubOrg(ctx: AppContext, actor: RequestUser, input: z.infer<typeof subOrgUpdateSchema>, path: string): Promise<SubOrg> {
  await findManageableSubOrg(ctx, actor, input.id, 'sub-orgs.update', path);
  const updated = await repository.updateSubOrg(ctx.db, input.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  });
  await ctx.audit.record({ actor, action: 'sub-orgs.update', resource: `sub_orgs/${input.id}`, status: 'success', details: { name: input.name } });
  return toSubOrg(updated!);
}

export async function deleteSubOrg(ctx: AppContext, actor: RequestUser, id: string, path: string): Promise<void> {
  const subOrg = await findManageableSubOrg(ctx, actor, id, 'sub-orgs.delete', path);
  await ctx.db.transaction(async (tx) => {
    const members = await repository.countSubOrgMembers(tx, id);
    if (members > 0) {
      throw new AppError(
        409,
        'conflict',
        `${subOrg.name} still has ${members} member${members === 1 ? '' : 's'}. Move them to another sub-organization or remove them first.`,
      );
    }
    await repository.deleteSubOrg(tx, id);
  });
  await ctx.audit.record({ actor, action: 'sub-orgs.delete', resource: `sub_orgs/${id}`, status: 'success', details: { name: subOrg.name } });
}
