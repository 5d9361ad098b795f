import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The organization's invoices from Stripe, newest first. Only its admins ask (they alone see the customer id). */
export const useInvoices = (customerId: string | null) =>
  useQuery({
    ...api.billing.listInvoices.query({ query: { customerId: customerId ?? '' } }),
    select: (answer) => answer.invoices,
    enabled: Boolean(customerId),
  });
