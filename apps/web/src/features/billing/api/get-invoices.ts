import type { BillingInvoice } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every invoices list of the organization's customer; a billing change invalidates them all. */
export const invoicesKey = ['billing', 'invoices'] as const;

/** The organization's invoices from Stripe, newest first. Only its admins ask (they alone see the customer id). */
export const invoicesQuery = (customerId: string | null) =>
  queryOptions({
    queryKey: [...invoicesKey, customerId],
    queryFn: ({ signal }) =>
      apiRequest<{ invoices: BillingInvoice[] }>(
        `/api/billing/invoices?${new URLSearchParams({ customerId: customerId ?? '' }).toString()}`,
        { signal },
      ),
    select: (answer) => answer.invoices,
    enabled: Boolean(customerId),
  });

export const useInvoices = (customerId: string | null) => useQuery(invoicesQuery(customerId));
