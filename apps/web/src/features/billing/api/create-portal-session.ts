import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Stripe's customer portal, where the payment method is managed; the browser only follows its URL. */
export const useCreatePortalSession = () =>
  useMutation({ mutationFn: () => api.billing.createPortalSession().then((answer) => answer.url) });
