import type { SignInProviderId } from '@skylog/contracts';
import { urlOf } from '../../../lib/api.ts';
import { fetchApi, readJson } from '../../../lib/api-client.ts';

type Code = { code: string };
type Nothing = Record<string, never>;

/**
 * better-auth's routes (/api/auth/*) that the screens call. They are better-auth's, not Skylog's operations,
 * so the operation table does not declare them: each one's input and the part of its answer a screen reads
 * (`unknown`: only that it succeeded) are written here, next to its address.
 */
type AuthRoutes = {
  /** A right password of an account with a second step answers `twoFactorRedirect` instead of a session. */
  'POST /api/auth/sign-in/email': { body: { email: string; password: string }; answer: { twoFactorRedirect?: boolean } };
  /** The provider's address (with PKCE and state) for the browser to go to. */
  'POST /api/auth/sign-in/social': {
    body: { provider: SignInProviderId; callbackURL: string; errorCallbackURL: string };
    answer: { url: string };
  };
  'POST /api/auth/two-factor/verify-totp': { body: Code; answer: unknown };
  'POST /api/auth/two-factor/verify-otp': { body: Code; answer: unknown };
  'POST /api/auth/two-factor/verify-backup-code': { body: Code; answer: unknown };
  'POST /api/auth/two-factor/send-otp': { body: Nothing; answer: unknown };
  'POST /api/auth/sign-out': { body: Nothing; answer: unknown };
  'POST /api/auth/change-password': { body: { currentPassword: string; newPassword: string }; answer: unknown };
  'POST /api/auth/request-password-reset': { body: { email: string }; answer: unknown };
  'POST /api/auth/reset-password': { body: { token: string; newPassword: string }; answer: unknown };
  'GET /api/auth/get-session': { answer: unknown };
  'GET /api/auth/verify-email': { query: { token: string }; answer: unknown };
};

export type AuthRoute = keyof AuthRoutes;
type AuthAnswer<Route extends AuthRoute> = AuthRoutes[Route]['answer'];
type AuthInput<Route extends AuthRoute> = Omit<AuthRoutes[Route], 'answer'>;

/** Calls one of better-auth's routes as the typed client calls Skylog's: same cookie, same `ApiError` on failure. */
export async function authRequest<Route extends AuthRoute>(
  route: Route,
  input: AuthInput<Route>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuthAnswer<Route>> {
  const [method, path] = route.split(' ') as [string, string];
  const parts: { query?: Record<string, string>; body?: unknown } = input;
  const response = await fetchApi(urlOf({ path }, parts), { method, body: parts.body, signal });
  return (await readJson(response)) as AuthAnswer<Route>;
}

type BodyRoute = { [Route in AuthRoute]: AuthRoutes[Route] extends { body: object } ? Route : never }[AuthRoute];

/** A route whose only input is its body, called with that body: what a mutation's function is. */
export const callWithBody =
  <Route extends BodyRoute>(route: Route) =>
  (body: AuthRoutes[Route]['body']): Promise<AuthAnswer<Route>> =>
    authRequest(route, { body } as AuthInput<Route>);
