import type { PurchaseRequest } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CheckoutSession } from './create-checkout.ts';

/** An item sold once (the recorder cable): the server makes a Checkout Session in payment mode; the browser follows its URL. */
export const useCreatePurchase = () =>
  useMutation({
    mutationFn: (request: PurchaseRequest) =>
      apiRequest<{ session: CheckoutSession }>('/api/billing/purchases', { method: 'POST', body: request }).then((answer) => answer.session),
  });
