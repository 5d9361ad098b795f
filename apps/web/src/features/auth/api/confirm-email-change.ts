import type { emailChangeConfirmedSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailLinkKeys } from '../../../lib/query-keys.ts';

export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/** POST /api/registration/email-change/confirm: the link's token proves the new address; no session needed. */
export const confirmEmailChange = (token: string) =>
  apiRequest<EmailChangeConfirmed>('/api/registration/email-change/confirm', { method: 'POST', body: { token } });

/**
 * Opening the link confirms once: a query (not a mutation) so a second mount, as React's strict mode
 * does, shares the one request instead of spending the token twice. No abort signal for the same
 * reason (an aborted query is fetched again on the next mount); never refetched, never retried.
 */
export const useConfirmEmailChange = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: emailLinkKeys.emailChange(token),
      queryFn: () => confirmEmailChange(token),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  );
