import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const verifyEmail = (token: string, signal?: AbortSignal) =>
  apiRequest<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { signal });

/** Confirming is one-shot: never refetch, never retry. */
export const useVerifyEmail = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['verify-email', token],
      queryFn: ({ signal }) => verifyEmail(token, signal),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
