import { userOfSignInChallenge } from '../modules/account-security/account-security.repository.ts';
import { parseSetCookieHeader } from 'better-auth/cookies';
import type { Executor } from '../db/client.ts';
import { unsignedCookieValue } from '../lib/better-auth.ts';
import { findUserByAuthId, findUserBySessionToken, type UserRow } from '../modules/users/users.repository.ts';

/** How a provider's sign-in ended, read from better-auth's redirect: its error, or whose session or second step it made. */
export type ProviderCallbackOutcome = {
  provider: string;
  error: string | null;
  account: UserRow | undefined;
  /** The new session's token, when one was made (a deactivated person's is ended at once). */
  sessionToken: string | null;
  isSecondStepPending: boolean;
};

export async function readProviderCallback(
  db: Executor,
  path: string,
  response: Response,
  cookieNames: { session: string; secondStep: string },
): Promise<ProviderCallbackOutcome> {
  const provider = path.slice('/callback/'.length);
  const location = new URL(response.headers.get('location') ?? '/', 'http://skylog.invalid');
  // As the browser ends up with them: a cookie set and then cleared (the session the second step replaced) is gone.
  const cookies = parseSetCookieHeader(response.headers.getSetCookie().join(', '));
  const sessionToken = unsignedCookieValue(cookies.get(cookieNames.session)?.value) ?? null;
  const challenge = unsignedCookieValue(cookies.get(cookieNames.secondStep)?.value);
  const challengeOwner = challenge ? await userOfSignInChallenge(db, challenge) : undefined;
  const account = sessionToken
    ? await findUserBySessionToken(db, sessionToken)
    : challengeOwner
      ? await findUserByAuthId(db, challengeOwner)
      : undefined;
  return { provider, error: location.searchParams.get('error'), account, sessionToken, isSecondStepPending: Boolean(challenge) };
}
