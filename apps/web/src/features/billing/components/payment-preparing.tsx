import { type Me } from '@skylog/contracts';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { landingPath, paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearCheckoutValues } from '../../../lib/checkout-storage.ts';
import { followCheckout, useCreateCheckout } from '../api/create-checkout.ts';

/** /payment-preparing's values: price_id, org_id, cable_price and an optional coupon, straight from the address. */
function readCheckout(search: URLSearchParams) {
  return {
    priceId: search.get('price_id') ?? '',
    orgId: search.get('org_id') ?? '',
    cablePrice: search.get('cable_price') || null,
    coupon: search.get('coupon') || null,
  };
}

/** Leaves the stored plan behind (they are dropped), so the paid gate no longer brings the person back here. */
function ChooseAnotherPlan() {
  return (
    <Link to={paths.configuration.billing.path} onClick={clearCheckoutValues} className="text-brand-600 hover:underline">
      Choose another plan
    </Link>
  );
}

/**
 * Creates the Checkout Session on the server and sends the browser to Stripe's hosted checkout. Only the
 * organization's admins may pay; anyone else is told who can.
 */
export function PaymentPreparing({ me, search }: { me: Me; search: URLSearchParams }) {
  const checkout = useCreateCheckout();
  const request = readCheckout(search);
  const mayPay = canCallOperation(me.user_type, 'billing.checkout');
  const isComplete = Boolean(request.priceId && request.orgId);
  const started = useRef(false);
  const start = () => checkout.mutate(request, { onSuccess: followCheckout });

  useEffect(() => {
    if (started.current || !mayPay || !isComplete) return;
    started.current = true;
    start();
  });

  if (!mayPay) {
    return (
      <AuthCard title="Payment needed" subtitle="Only your organization's admins can pay for Skylog.">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">Ask your organization's admin to finish the payment, then sign in again.</p>
          <Link to={landingPath} onClick={clearCheckoutValues} className="text-brand-600 hover:underline">
            Back to the Flights list
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!isComplete) {
    return (
      <AuthCard title="Preparing your checkout">
        <div className="flex flex-col gap-4">
          <Alert tone="error">This payment link is incomplete: it needs a plan (price_id) and an organization (org_id).</Alert>
          <ChooseAnotherPlan />
        </div>
      </AuthCard>
    );
  }
  if (checkout.error) {
    const isAlreadyPaid = checkout.error instanceof ApiError && checkout.error.status === 409;
    const fields = checkout.error instanceof ApiError ? Object.entries(checkout.error.body.fields ?? {}) : [];
    return (
      <AuthCard title="Checkout could not start">
        <div className="flex flex-col gap-4">
          <Alert tone="error">
            <p>{checkout.error.message}</p>
            {fields.map(([field, message]) => (
              <p key={field}>
                {field}: {message}
              </p>
            ))}
          </Alert>
          {isAlreadyPaid ? (
            // The server read Stripe just now: the organization pays already, so the stored plan is done with.
            <Link to={landingPath} onClick={clearCheckoutValues} className="text-brand-600 hover:underline">
              Open the dashboard
            </Link>
          ) : (
            <Button type="button" isLoading={checkout.isPending} onClick={start}>
              Try again
            </Button>
          )}
          <ChooseAnotherPlan />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Preparing your checkout" subtitle="Your plan and organization are kept while payment is prepared.">
      <div className="flex flex-col gap-3" role="status">
        <p className="text-sm text-slate-700">{checkout.isSuccess ? 'Opening Stripe checkout…' : 'Creating your checkout with Stripe…'}</p>
        <div className="h-2 overflow-hidden rounded bg-slate-200" aria-hidden="true">
          <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
        </div>
      </div>
    </AuthCard>
  );
}
