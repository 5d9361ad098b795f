import type { SecondFactor, SignInProviderId } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { meKeys } from '../../../lib/query-keys.ts';
import { authRequest, callWithBody, type AuthRoute } from './auth-request.ts';

const signIn = callWithBody('POST /api/auth/sign-in/email');

const secondStepRoutes: Record<SecondFactor['method'], AuthRoute & `POST /api/auth/two-factor/verify-${string}`> = {
  totp: 'POST /api/auth/two-factor/verify-totp',
  phone: 'POST /api/auth/two-factor/verify-otp',
  recovery_code: 'POST /api/auth/two-factor/verify-backup-code',
};

/** The second step: better-auth's endpoint for an app's code, a texted code, or a recovery code. */
export const passSecondStep = ({ method, code }: SecondFactor) => authRequest(secondStepRoutes[method], { body: { code } });

/** What the pending sign-in's person can answer with (after a password or a provider alike). */
export const useSecondStepOptions = () =>
  useQuery({
    ...api.accountSecurity.readSecondStep.query(),
    // Read afresh for each pending sign-in (another person may sign in next on this browser).
    gcTime: 0,
    retry: false,
  });

/** A sign-in code by text message to the person's confirmed phone. */
export const useTextSignInCode = () => useMutation({ mutationFn: () => authRequest('POST /api/auth/two-factor/send-otp', { body: {} }) });

/**
 * "Sign in with …": better-auth answers the provider's address (with PKCE and state) and the browser goes
 * there; it comes back to `callbackPath`, or to /login?error=… when refused.
 */
export const startProviderSignIn = async ({ provider, callbackPath }: { provider: SignInProviderId; callbackPath: string }) => {
  const { url } = await authRequest('POST /api/auth/sign-in/social', {
    body: { provider, callbackURL: callbackPath, errorCallbackURL: '/login' },
  });
  window.location.assign(url);
};

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => (answer.twoFactorRedirect ? undefined : queryClient.invalidateQueries({ queryKey: meKeys.all })),
  });
};

export const usePassSecondStep = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: passSecondStep, onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }) });
};
