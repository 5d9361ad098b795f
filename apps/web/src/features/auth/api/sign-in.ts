import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export type SignInInput = { email: string; password: string };

export const signIn = (input: SignInInput) => apiRequest<unknown>('/api/auth/sign-in/email', { method: 'POST', body: input });

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
};
