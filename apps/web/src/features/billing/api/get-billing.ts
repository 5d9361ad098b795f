import type { BillingState } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingKey = ['billing'] as const;

/** Spec §3 billing state of the caller's organization, as the server last read it from Stripe. */
export const billingQuery = () =>
  queryOptions({
    queryKey: billingKey,
    queryFn: ({ signal }) => apiRequest<BillingState>('/api/billing', { signal }),
  });

export const useBilling = () => useQuery(billingQuery());
