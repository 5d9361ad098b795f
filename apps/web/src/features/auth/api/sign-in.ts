import type { SecondFactor } from '@skylog/contracts';
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
