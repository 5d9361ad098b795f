import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailLinkKeys } from '../../../lib/query-keys.ts';

export const verifyEmail = (token: string, signal?: AbortSignal) =>
  apiRequest<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { signal });

/** Confirming is one-shot: never refetch, never retry. */
export const useVerifyEmail = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: emailLinkKeys.verification(token),
      queryFn: ({ signal }) => verifyEmail(token, signal),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
