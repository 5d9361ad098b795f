import type { SecondFactor, SignInProviderId } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export type SignInInput = { email: string; password: string };

/** A right password of an account with a second step answers this instead of a session. */
export type SignInAnswer = { twoFactorRedirect?: boolean };

export const signIn = (input: SignInInput) => apiRequest<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body: input });

const secondStepPaths: Record<SecondFactor['method'], string> = {
  totp: '/api/auth/two-factor/verify-totp',
  phone: '/api/auth/two-factor/verify-otp',
  recovery_code: '/api/auth/two-factor/verify-backup-code',
};

/** The second step: better-auth's endpoint for an app's code, a texted code, or a recovery code. */
export const passSecondStep = ({ method, code }: SecondFactor) =>
  apiRequest<unknown>(secondStepPaths[method], { method: 'POST', body: { code } });

/** What the pending sign-in's person can answer with (after a password or a provider alike). */
export const useSecondStepOptions = () =>
  useQuery({
    ...api.accountSecurity.readSecondStep.query(),
    // Read afresh for each pending sign-in (another person may sign in next on this browser).
    gcTime: 0,
    retry: false,
  });

/** A sign-in code by text message to the person's confirmed phone. */
export const useTextSignInCode = () =>
  useMutation({ mutationFn: () => apiRequest<unknown>('/api/auth/two-factor/send-otp', { method: 'POST', body: {} }) });

/**
 * "Sign in with …": better-auth answers the provider's address (with PKCE and state) and the browser goes
 * there; it comes back to `callbackPath`, or to /login?error=… when refused.
 */
export const startProviderSignIn = async ({ provider, callbackPath }: { provider: SignInProviderId; callbackPath: string }) => {
  const { url } = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
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
