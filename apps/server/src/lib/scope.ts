import { isOrgWideRole, isSubOrgRole } from '@skylog/contracts';
import type { RequestUser } from './request-user.ts';

/**
 * Tenancy of decisions.md: super_admin sees every organization; org-wide admins their organization;
 * sub-organization admins their sub-organization; everyone else their own rows.
 */
export function canSeeOrg(user: RequestUser, orgId: string): boolean {
  return user.role === 'super_admin' || user.orgId === orgId;
}

export function canSeeSubOrg(user: RequestUser, subOrg: { id: string; orgId: string }): boolean {
  if (user.role === 'super_admin') return true;
  if (isOrgWideRole(user.role)) return user.orgId === subOrg.orgId;
  return user.subOrgId === subOrg.id;
}

export type UserScopeTarget = { skylogId: string; orgId: string | null; subOrgId: string | null; userType: string };

/** Who may change a person's profile: themselves, or an admin whose scope holds them. */
export function canManageUser(actor: RequestUser, target: UserScopeTarget): boolean {
  if (actor.skylogId === target.skylogId || actor.role === 'super_admin') return true;
  if (isOrgWideRole(actor.role)) return actor.orgId !== null && actor.orgId === target.orgId && target.userType !== 'super_admin';
  if (isSubOrgRole(actor.role)) {
    return actor.subOrgId !== null && actor.subOrgId === target.subOrgId && ['instructor', 'student'].includes(target.userType);
  }
  return false;
}
