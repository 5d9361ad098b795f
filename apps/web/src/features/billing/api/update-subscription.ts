import type { SubscriptionChange } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Cancel at the end of the period (or keep the plan), or switch to another price. Only the state and the
 * invoices of `customerId` (the organization's) change: the plans, read from the same group, stay as they are.
 */
export function useUpdateSubscription(customerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionChange) => api.billing.updateSubscription({ body }).then((answer) => answer.subscription),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: api.billing.read.key(), exact: true }),
        customerId ? queryClient.invalidateQueries({ queryKey: api.billing.listInvoices.key({ query: { customerId } }) }) : undefined,
      ]),
  });
}
