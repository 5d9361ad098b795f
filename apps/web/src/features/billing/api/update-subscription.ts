import type { BillingSubscription, SubscriptionChange } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** Cancel at the end of the period (or keep the plan), or switch to another price. */
export const updateSubscription = (change: SubscriptionChange) =>
  apiRequest<{ subscription: BillingSubscription }>('/api/billing/subscription', { method: 'PATCH', body: change }).then(
    (answer) => answer.subscription,
  );

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    // Only the state and the invoices change: the plans under the same 'billing' prefix stay as they are.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.state(), exact: true }),
        queryClient.invalidateQueries({ queryKey: billingKeys.invoiceLists() }),
      ]),
  });
}
