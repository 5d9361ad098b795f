import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** /payment-success: the server reads the session from Stripe and applies it; the address proves nothing. */
export const useConfirmCheckout = (sessionId: string | null) =>
  useQuery({
    ...api.billing.confirmCheckout.query({ params: { id: sessionId ?? '' } }),
    enabled: Boolean(sessionId),
    // Paid at Stripe but the subscription not yet active there: ask again a few times. A payment Stripe is still
    // processing (a bank debit) takes days: the page says so instead of asking on.
    refetchInterval: (query) => {
      const answer = query.state.data;
      const isSettling = answer?.status === 'complete' && answer.payment_status === 'paid' && !answer.is_paid;
      return isSettling && query.state.dataUpdateCount < 10 ? 1500 : false;
    },
    retry: 1,
  });
