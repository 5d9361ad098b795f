import { accessAdmits, tableAccess, type ApiAccess, type TableOperationName } from './operations/index.ts';
import type { Role } from './roles.ts';

export type ApiOperation = TableOperationName;

/**
 * Every API operation and the roles that may call it, from the operation table (operations/index.ts): the server
 * checks it before every handler, and the RBAC screen renders it.
 */
export const apiAccess: Readonly<Record<ApiOperation, ApiAccess>> = tableAccess;

/**
 * What a personal access token (the recorder app) may do: send flights and read them back. Anything
 * else needs a signed-in browser session, so a leaked token cannot change people or settings.
 */
export const accessTokenOperations: readonly ApiOperation[] = [
  'me.read',
  'aircraft.list',
  'trips.list',
  'trips.read',
  'trips.create',
  'trips.import-track',
  'audio-uploads.create',
  'audio-uploads.read',
  'audio-uploads.append',
  'audio-uploads.terminate',
];

/**
 * Operations another server calls, proving itself by a signature over the body (Stripe's webhook): they act
 * as nobody's session, so the browser cross-site check does not apply to them.
 */
export const signedRequestOperations: readonly ApiOperation[] = ['billing.webhook'];

/**
 * What a super_admin who has not set up an authenticator app may do (docs/product.md "Sign-in and second step"): see
 * who they are, set one up, and end their sessions. Everything else answers `accountMessages.twoFactorSetupRequired`.
 */
export const twoFactorSetupOperations: readonly ApiOperation[] = [
  'me.read',
  // The shell's organization panel names the organization (read only).
  'orgs.list',
  'orgs.read',
  'factors.list',
  'factors.create',
  'factors.challenge',
  'factors.verify',
  'sessions.list',
  'sessions.revoke',
  'sessions.revoke-others',
  'identities.list',
];

/**
 * What a member of an organization without an active subscription may still do
 * (docs/product.md "Billing and the payment hold"): see who they are, keep their own profile and account security, name
 * their organization in the shell, and pay. Everything else answers 402 `payment_required`. Public operations
 * (registration, the plans, sign-in) need no session and are never held; `users.update-profile` only for the person's
 * own profile (`isOpenWhileUnpaid`).
 */
export const unpaidOperations: readonly ApiOperation[] = [
  'me.read',
  'users.update-profile',
  'me.change-email',
  'orgs.list',
  'orgs.read',
  // The top bar names a sub-organization admin's sub-organization, as it names everyone's organization.
  'sub-orgs.read',
  'factors.list',
  'factors.create',
  'factors.challenge',
  'factors.verify',
  'factors.delete',
  'factors.recovery-codes',
  'sessions.list',
  'sessions.revoke',
  'sessions.revoke-others',
  'identities.list',
  'identities.unlink',
  'access-tokens.list',
  'access-tokens.revoke',
  ...(Object.keys(apiAccess) as ApiOperation[]).filter((operation) => operation.startsWith('billing.')),
];

/** Whether an unpaid organization's member may call the operation; `isOwnRow`: the path names the caller themself. */
export function isOpenWhileUnpaid(operation: ApiOperation, isOwnRow: boolean): boolean {
  if (!unpaidOperations.includes(operation)) return false;
  return operation !== 'users.update-profile' || isOwnRow;
}

/** Whether a role may call an operation at all (the server still checks scope per row). */
export function canCallOperation(role: Role, operation: ApiOperation): boolean {
  return accessAdmits(apiAccess[operation], role);
}
