import type { Org, SubOrg } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import { notFound } from '../../lib/app-error.ts';
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
