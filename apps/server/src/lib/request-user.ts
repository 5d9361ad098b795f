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
  /** Whether sign-in asks this person for a second step (decisions.md #3: required of super_admin). */
  twoFactorEnabled: boolean;
  /** The browser session in use (null with an access token): kept when the person's other sessions end. */
  sessionToken: string | null;
};

/** decisions.md #3: a super_admin signs in with a second step; until they set one up, only Account security opens. */
export function isTwoFactorSetupDue(user: RequestUser): boolean {
  return user.role === 'super_admin' && !user.twoFactorEnabled;
}
