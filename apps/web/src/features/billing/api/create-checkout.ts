import type { CheckoutRequest, checkoutSessionSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { notify } from '../../../components/ui/toast.tsx';
import { api } from '../../../lib/api.ts';

export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The server makes the Stripe Checkout Session; the browser only follows its URL. */
export const useCreateCheckout = () =>
  useMutation({ mutationFn: (body: CheckoutRequest) => api.billing.createCheckout({ body }).then((answer) => answer.session) });

/** Takes the browser to Stripe's hosted page the server's session names (a plan, or an item sold once). */
export function followCheckout(session: CheckoutSession): void {
  if (session.url) window.location.assign(session.url);
  else notify.error('Stripe did not answer with a checkout page. Try again.');
}
