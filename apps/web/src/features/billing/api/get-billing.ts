import type { BillingState } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** docs/product-spec.md §3 billing state of the caller's organization, as the server last read it from Stripe. */
export const billingQuery = () =>
  queryOptions({
    queryKey: billingKeys.state(),
    queryFn: ({ signal }) => apiRequest<BillingState>('/api/billing', { signal }),
  });

export const useBilling = () => useQuery(billingQuery());
