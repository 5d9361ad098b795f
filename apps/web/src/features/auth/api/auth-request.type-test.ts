/**
 * Compile-time checks of the better-auth calls, run by `npm run typecheck`: each `@ts-expect-error` must meet
 * an error, so a call to an address not listed, with a wrong body, or reading a field not declared stops the build.
 */
import { authRequest } from './auth-request.ts';

export async function betterAuthCallsAreTyped(): Promise<void> {
  // @ts-expect-error better-auth's sign-in takes the password as `password`
  await authRequest('POST /api/auth/sign-in/email', { body: { email: 'a@b.test', pass: 'x' } });
  // @ts-expect-error an address the list does not declare
  await authRequest('POST /api/auth/sign-up/email', { body: {} });
  // @ts-expect-error verify-email needs its token
  await authRequest('GET /api/auth/verify-email', {});
  const { url } = await authRequest('POST /api/auth/sign-in/social', {
    body: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
  });
  // @ts-expect-error the provider's address is a string
  const wrong: number = url;
  void wrong;
  const answer = await authRequest('POST /api/auth/sign-in/email', { body: { email: 'a@b.test', password: 'x' } });
  // @ts-expect-error only `twoFactorRedirect` is read from the sign-in answer
  void answer.token;
}
