import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/registration/email-change/confirm: the link's token proves the new address; no session needed.
 * Opening the link confirms once: a query (not a mutation) so a second mount, as React's strict mode
 * does, shares the one request instead of spending the token twice. No abort signal for the same
 * reason (an aborted query is fetched again on the next mount); never refetched, never retried.
 */
export const useConfirmEmailChange = (token: string) => {
  const input = { body: { token } };
  return useQuery({
    queryKey: api.users.confirmEmailChange.key(input),
    queryFn: () => api.users.confirmEmailChange(input),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
};
