import type { CheckoutConfirmation } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** /payment-success: the server reads the session from Stripe and applies it; the address proves nothing. */
export const useConfirmCheckout = (sessionId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['billing', 'checkout', sessionId],
      queryFn: ({ signal }) =>
        apiRequest<CheckoutConfirmation>(`/api/billing/checkout-sessions/${encodeURIComponent(sessionId ?? '')}/confirm`, { method: 'POST', signal }),
      enabled: Boolean(sessionId),
      // The webhook may land a moment after Stripe sends the browser back: ask again until the payment shows.
      refetchInterval: (query) => (query.state.data && !query.state.data.is_paid && query.state.data.status === 'complete' ? 1500 : false),
      retry: 1,
    }),
  );
