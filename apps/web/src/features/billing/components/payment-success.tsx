import { messages } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { landingPath, paths } from '../../../config/paths.ts';
import { clearCheckoutValues } from '../../../lib/checkout-storage.ts';
import { useConfirmCheckout } from '../api/confirm-checkout.ts';

function GoToBilling() {
  return (
    <Link to={paths.configuration.billing.path} className="text-brand-600 hover:underline">
      Go to billing
    </Link>
  );
}

/** /payment-success: the server confirms with Stripe; only then does the page say the payment is in. */
export function PaymentSuccess({ sessionId }: { sessionId: string | null }) {
  const confirmation = useConfirmCheckout(sessionId);
  const queryClient = useQueryClient();
  const isPaid = confirmation.data?.is_paid === true;
  // An item sold once (the recorder cable) changes no plan: Stripe's word that it is paid is the whole answer.
  const isOrderPaid = confirmation.data?.mode === 'payment' && confirmation.data.status === 'complete' && confirmation.data.payment_status === 'paid';

  useEffect(() => {
    // The account is paid now: the stored plan is done with. After a plan or an order every screen reads the new state.
    if (isPaid) clearCheckoutValues();
    if (isPaid || isOrderPaid) void queryClient.invalidateQueries();
  }, [isPaid, isOrderPaid, queryClient]);

  if (!sessionId) {
    return (
      <AuthCard title="Payment">
        <div className="flex flex-col gap-4">
          <Alert tone="error">This address names no checkout. Open Billing to see your plan.</Alert>
          <GoToBilling />
        </div>
      </AuthCard>
    );
  }
  if (confirmation.error) {
    return (
      <AuthCard title="Payment">
        <div className="flex flex-col gap-4">
          <Alert tone="error">{confirmation.error.message}</Alert>
          <GoToBilling />
        </div>
      </AuthCard>
    );
  }
  if (isOrderPaid) {
    return (
      <AuthCard title="Payment received" subtitle="Thank you: your order is paid. Its invoice is on the Billing screen.">
        <GoToBilling />
      </AuthCard>
    );
  }
  if (isPaid) {
    return (
      <AuthCard title="Payment received" subtitle="Thank you: your organization's plan is active.">
        <Link to={landingPath} className="text-brand-600 hover:underline">
          Open the dashboard
        </Link>
      </AuthCard>
    );
  }
  if (confirmation.data?.status === 'complete' && (confirmation.data.payment_status !== 'paid' || !confirmation.isFetching)) {
    return (
      <AuthCard title="Payment processing">
        <div className="flex flex-col gap-4">
          <Alert tone="info">{messages.billingCheckoutProcessing}</Alert>
          <GoToBilling />
        </div>
      </AuthCard>
    );
  }
  if (confirmation.data && confirmation.data.status !== 'complete') {
    return (
      <AuthCard title="Payment not finished" subtitle="Stripe has not taken this payment.">
        <GoToBilling />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirming your payment">
      <p role="status" className="text-sm text-slate-700">
        Confirming your payment with Stripe…
      </p>
    </AuthCard>
  );
}
