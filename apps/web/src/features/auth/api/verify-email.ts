import { useQuery } from '@tanstack/react-query';
import { emailLinkKeys } from '../../../lib/query-keys.ts';
import { authRequest } from './auth-request.ts';

/** Confirming is one-shot: never refetch, never retry. */
export const useVerifyEmail = (token: string) =>
  useQuery({
    queryKey: emailLinkKeys.verification(token),
    queryFn: ({ signal }) => authRequest('GET /api/auth/verify-email', { query: { token } }, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
