import type { BillingInvoice } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** The organization's invoices from Stripe, newest first. Only its admins ask (they alone see the customer id). */
export const invoicesQuery = (customerId: string | null) =>
  queryOptions({
    queryKey: billingKeys.invoices(customerId),
    queryFn: ({ signal }) =>
      apiRequest<{ invoices: BillingInvoice[] }>(
        `/api/billing/invoices?${new URLSearchParams({ customerId: customerId ?? '' }).toString()}`,
        { signal },
      ),
    select: (answer) => answer.invoices,
    enabled: Boolean(customerId),
  });

export const useInvoices = (customerId: string | null) => useQuery(invoicesQuery(customerId));
