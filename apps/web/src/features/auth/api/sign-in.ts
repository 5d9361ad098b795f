import type { SecondFactor, SignInProviderId } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export type SignInInput = { email: string; password: string };

/** A right password of an account with an authenticator app answers this instead of a session. */
export type SignInAnswer = { twoFactorRedirect?: boolean };

export const signIn = (input: SignInInput) => apiRequest<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body: input });

/** The second step: better-auth's endpoint for an app's code, or for a recovery code. */
export const passSecondStep = ({ method, code }: SecondFactor) =>
  apiRequest<unknown>(method === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code },
  });

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
