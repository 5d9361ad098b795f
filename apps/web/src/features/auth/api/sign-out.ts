import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the session on the server; the cookie is cleared by the response. */
export const signOut = () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });

export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSuccess: () => queryClient.clear() });
};
