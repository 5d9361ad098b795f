import { minorUnitsPerMajor, type BillingState } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice, planProducts, useProducts } from '../../../lib/billing-plans.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { followCheckout, useCreateCheckout } from '../api/create-checkout.ts';

/**
 * The payment hold (docs/product.md "Billing and the payment hold"), for those who pay for the school: why Skylog is
 * held, and the plan chosen at registration (kept by the server with the school, so it is there from any browser), one
 * click from Stripe's checkout.
 */
export function PaymentHoldNotice({ billing }: { billing: BillingState }) {
  const isHeld = !billing.is_paid && billing.can_manage;
  const chosen = billing.chosen_plan;
  const products = useProducts(billing.enabled && isHeld && chosen !== null);
  const checkout = useCreateCheckout();
  if (!isHeld) return null;
  const plan = chosen && products.data
    ? planProducts(products.data).flatMap((product) => product.prices.map((price) => ({ product, price }))).find(({ price }) => price.id === chosen.price_id)
    : undefined;
  const isRedirecting = checkout.isPending || Boolean(checkout.data?.url);

  const handleContinue = () => {
    if (!chosen || !billing.org_id) return;
    checkout.mutate(
      { priceId: chosen.price_id, orgId: billing.org_id, coupon: chosen.coupon, cablePrice: chosen.cable_price },
      {
        onSuccess: followCheckout,
      },
    );
  };

  return (
    <section aria-labelledby="payment-hold-title" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-6 shadow-sm">
      <h2 id="payment-hold-title" className="text-lg font-semibold text-amber-950">
        Your school&apos;s subscription is not active
      </h2>
      <p className="text-sm text-amber-950">
        Skylog is paused for everyone at your school until a plan is paid: flights, people and aircraft open again as soon as
        Stripe confirms the payment. Nothing is lost meanwhile.
      </p>
      {plan && chosen ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-amber-950" data-testid="chosen-plan">
            You chose <strong>{plan.product.name}</strong> at {formatPrice(plan.price)} when you registered
            {chosen.coupon ? `, with the coupon ${chosen.coupon}` : ''}
            {chosen.cable_price ? `, and a recorder cable for ${formatMoney(Math.round(chosen.cable_price * minorUnitsPerMajor(plan.price.currency)), plan.price.currency)}` : ''}.
          </p>
          <Button onClick={handleContinue} disabled={isRedirecting} isLoading={checkout.isPending}>
            Continue to payment
          </Button>
        </div>
      ) : (
        <p className="text-sm text-amber-950">Choose one of the plans below to continue.</p>
      )}
      {checkout.error ? <Alert tone="error">{checkout.error.message}</Alert> : null}
      {isRedirecting ? (
        <p role="status" className="text-sm text-amber-950">
          Redirecting to Stripe…
        </p>
      ) : null}
    </section>
  );
}
