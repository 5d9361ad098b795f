import { userOfSignInChallenge } from '../modules/account-security/account-security.repository.ts';
import type { Executor } from '../db/client.ts';
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

/** A cookie better-auth set, by name: its signed value is `<value>.<signature>`, URL-encoded. */
function signedCookieValue(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at) !== name) continue;
    const signed = decodeURIComponent(pair!.slice(at + 1));
    const dot = signed.lastIndexOf('.');
    return dot > 0 ? signed.slice(0, dot) : null;
  }
  return null;
}

export async function readProviderCallback(
  db: Executor,
  path: string,
  response: Response,
  cookieNames: { session: string; secondStep: string },
): Promise<ProviderCallbackOutcome> {
  const provider = path.slice('/callback/'.length);
  const location = new URL(response.headers.get('location') ?? '/', 'http://skylog.invalid');
  const sessionToken = signedCookieValue(response, cookieNames.session);
  const challenge = signedCookieValue(response, cookieNames.secondStep);
  const challengeOwner = challenge ? await userOfSignInChallenge(db, challenge) : undefined;
  const account = sessionToken
    ? await findUserBySessionToken(db, sessionToken)
    : challengeOwner
      ? await findUserByAuthId(db, challengeOwner)
      : undefined;
  return { provider, error: location.searchParams.get('error'), account, sessionToken, isSecondStepPending: Boolean(challenge) };
}
