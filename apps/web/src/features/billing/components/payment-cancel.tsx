import { Link } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { paths } from '../../../config/paths.ts';
import { clearCheckoutValues, getCheckoutValues, getPaymentPreparingHref } from '../../../lib/checkout-storage.ts';

/** /payment-cancel: nothing was taken; go back to the same checkout, or choose another plan. */
export function PaymentCancel() {
  const retryHref = getPaymentPreparingHref(getCheckoutValues());
  return (
    <AuthCard title="Payment canceled" subtitle="No payment was taken.">
      <div className="flex flex-col gap-3">
        {retryHref ? (
          <Link to={retryHref} className="text-brand-600 hover:underline">
            Try again
          </Link>
        ) : null}
        <Link to={paths.configuration.billing.path} onClick={clearCheckoutValues} className="text-brand-600 hover:underline">
          {retryHref ? 'Choose another plan' : 'Back to billing'}
        </Link>
      </div>
    </AuthCard>
  );
}
