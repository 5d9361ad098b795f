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
  /** The browser session in use (null with an access token): kept when the person's other sessions end. */
  sessionToken: string | null;
};
