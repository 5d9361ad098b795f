import type { Role } from '@skylog/contracts';

/** The signed-in person behind a request, as the server knows them (never what the client claims). */
export type RequestUser = {
  authId: string;
  skylogId: string;
  role: Role;
  email: string;
  orgId: string | null;
  subOrgId: string | null;
  /** Set when the request came with a personal access token instead of a browser session. */
  accessTokenId: string | null;
  /** Whether this person has a confirmed authenticator app (what a required second step means; a phone alone is not enough). */
  hasAuthenticator: boolean;
  /**
   * Whether they must have one: every super_admin (docs/product.md "Sign-in and second step"), and admins of an
   * organization that requires it.
   */
  isTwoFactorRequired: boolean;
  /**
   * Whether their organization pays (modules/billing/paid-standing.ts): always with billing off and for the super
   * admin. When false, only `unpaidOperations` (contracts) answer; everything else is 402.
   */
  isPaid: boolean;
  /** The browser session in use (null with an access token): kept when the person's other sessions end. */
  sessionToken: string | null;
};

/** Someone who must sign in with an authenticator app and has none yet: only Account security opens for them. */
export function isTwoFactorSetupDue(user: RequestUser): boolean {
  return user.isTwoFactorRequired && !user.hasAuthenticator;
}

