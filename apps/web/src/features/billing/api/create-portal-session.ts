import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Stripe's customer portal, where the payment method is managed; the browser only follows its URL. */
export const createPortalSession = () =>
  apiRequest<{ url: string }>('/api/billing/portal-session', { method: 'POST' }).then((answer) => answer.url);

export const useCreatePortalSession = () => useMutation({ mutationFn: createPortalSession });
