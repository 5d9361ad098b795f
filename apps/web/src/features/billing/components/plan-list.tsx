import { zodResolver } from '@hookform/resolvers/zod';
import {
  couponSchema,
  messages,
  isPaidSubscriptionStatus,
  type BillingPrice,
  type BillingProduct,
  type BillingState,
} from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { followCheckout, useCreateCheckout } from '../api/create-checkout.ts';
import { formatPrice, planProducts, useProducts } from '../../../lib/billing-plans.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';

/** The coupon is optional: an empty field reads as none (see setValueAs below), anything typed must be a coupon code. */
const couponFormSchema = z.object({ coupon: couponSchema.optional() });
type CouponValues = z.input<typeof couponFormSchema>;

/**
 * Every plan with its prices, for the organization's admins: without a paying subscription each price
 * starts Stripe's hosted checkout (with an optional coupon); with one, the other prices switch the plan.
 */
export function PlanList({ billing }: { billing: BillingState }) {
  const products = useProducts(billing.enabled);
  const plans = products.data ? planProducts(products.data) : undefined;
  const checkout = useCreateCheckout();
  const update = useUpdateSubscription(billing.customer_id);
  const confirm = useConfirmDialog();
  const form = useForm<CouponValues, unknown, z.output<typeof couponFormSchema>>({ resolver: zodResolver(couponFormSchema) });

  const { subscription } = billing;
  const isPaying = subscription !== null && isPaidSubscriptionStatus(subscription.status);
  const currentPriceId = isPaying ? (subscription.price?.id ?? null) : null;
  // After Stripe answers, the browser is on its way to the checkout: the buttons stay off meanwhile.
  const isRedirecting = checkout.isPending || Boolean(checkout.data?.url);
  const couponError = checkout.error instanceof ApiError ? checkout.error.body.fields?.coupon : undefined;

  const handleSubscribe = (priceId: string) =>
    form.handleSubmit(({ coupon }) => {
      if (!billing.org_id) return;
      checkout.mutate(
        { priceId, orgId: billing.org_id, coupon: coupon ?? null },
        {
          onSuccess: followCheckout,
          // Stripe's own words for an unknown coupon go under the field.
          onError: (error) => {
            const message = error instanceof ApiError ? error.body.fields?.coupon : undefined;
            if (message) form.setError('coupon', { type: 'server', message });
          },
        },
      );
    })();

  const handleSwitch = async (product: BillingProduct, price: BillingPrice) => {
    const isConfirmed = await confirm.ask({
      title: `Switch to ${product.name} at ${formatPrice(price)}?`,
      message: 'The change applies now: Stripe prorates the difference on your next invoice.',
      confirmLabel: 'Switch plan',
    });
    if (!isConfirmed) return;
    update.mutate(
      { price_id: price.id },
      {
        onSuccess: () => notify.success(`Your plan is now ${product.name} at ${formatPrice(price)}.`),
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="plans-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
        Plans
      </h2>
      {isPaying ? null : (
        <TextInput
          label="Coupon code (optional)"
          className="max-w-xs"
          autoComplete="off"
          {...form.register('coupon', { setValueAs: (value: string | undefined) => value?.trim() || undefined })}
          error={form.formState.errors.coupon?.message}
        />
      )}
      {checkout.error && !couponError ? <Alert tone="error">{checkout.error.message}</Alert> : null}
      {isRedirecting ? (
        <p role="status" className="text-sm text-slate-600">
          Redirecting to Stripe…
        </p>
      ) : null}
      {products.isPending && billing.enabled ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {products.error ? (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{products.error.message}</Alert>
          <Button variant="secondary" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {plans?.length === 0 ? <p className="text-sm text-slate-600">No plans are offered yet.</p> : null}
      {plans && plans.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Plans">
          {plans.map((product) => (
            <li key={product.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
              <h3 className="font-medium text-slate-900">{product.name}</h3>
              {product.description ? <p className="text-sm text-slate-600">{product.description}</p> : null}
              <ul className="flex flex-col gap-2" aria-label={`${product.name} prices`}>
                {product.prices.map((price) => {
                  const priceText = formatPrice(price);
                  return (
                    <li key={price.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="text-slate-800">{priceText}</span>
                      {!isPaying ? (
                        <Button
                          aria-label={`Subscribe: ${product.name}, ${priceText}`}
                          disabled={isRedirecting}
                          onClick={() => void handleSubscribe(price.id)}
                        >
                          Subscribe
                        </Button>
                      ) : price.id === currentPriceId ? (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Current plan</span>
                      ) : (
                        <Button
                          variant="secondary"
                          aria-label={`Switch to this plan: ${product.name}, ${priceText}`}
                          disabled={update.isPending}
                          onClick={() => void handleSwitch(product, price)}
                        >
                          Switch to this plan
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {confirm.dialog}
    </section>
  );
}
