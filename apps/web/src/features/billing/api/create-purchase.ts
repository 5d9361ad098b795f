import type { PurchaseRequest } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** An item sold once (the recorder cable): the server makes a Checkout Session in payment mode; the browser follows its URL. */
export const useCreatePurchase = () =>
  useMutation({ mutationFn: (body: PurchaseRequest) => api.billing.createPurchase({ body }).then((answer) => answer.session) });
