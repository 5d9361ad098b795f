import { zodResolver } from '@hookform/resolvers/zod';
import { purchaseRequestSchema, type BillingPrice, type BillingProduct, type BillingState } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { formatPrice, oneOffProducts, useProducts } from '../../../lib/billing-plans.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { followCheckout } from '../api/create-checkout.ts';
import { useCreatePurchase } from '../api/create-purchase.ts';

type PurchaseValues = z.input<typeof purchaseRequestSchema>;

/** One item sold once: how many, then Stripe's hosted checkout in payment mode (the receipt comes as an invoice). */
function OneOffItem({ product, price }: { product: BillingProduct; price: BillingPrice }) {
  const purchase = useCreatePurchase();
  const form = useForm<PurchaseValues, unknown, z.output<typeof purchaseRequestSchema>>({
    resolver: zodResolver(purchaseRequestSchema),
    mode: 'onChange',
    defaultValues: { price_id: price.id, quantity: 1 },
  });
  const isRedirecting = purchase.isPending || Boolean(purchase.data?.url);
  const priceText = formatPrice(price);

  const handleBuy = form.handleSubmit((request) =>
    purchase.mutate(request, {
      onSuccess: followCheckout,
      onError: (error) => showServerFieldErrors(form.setError, error, ['quantity']),
    }),
  );

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
      <h3 className="font-medium text-slate-900">{product.name}</h3>
      {product.description ? <p className="text-sm text-slate-600">{product.description}</p> : null}
      <form onSubmit={handleBuy} noValidate className="flex flex-wrap items-end gap-3">
        <span className="text-sm text-slate-800">{priceText} each</span>
        <TextInput
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          className="w-24"
          {...form.register('quantity', { valueAsNumber: true })}
          error={form.formState.errors.quantity?.message}
        />
        <Button type="submit" aria-label={`Buy: ${product.name}, ${priceText} each`} disabled={isRedirecting} isLoading={purchase.isPending}>
          Buy
        </Button>
      </form>
      {purchase.error && !form.formState.errors.quantity ? <Alert tone="error">{purchase.error.message}</Alert> : null}
      {isRedirecting ? (
        <p role="status" className="text-sm text-slate-600">
          Redirecting to Stripe…
        </p>
      ) : null}
    </li>
  );
}

/** Items the organization's admins buy once, beside the plan (the recorder cable for each aircraft). */
export function OneOffList({ billing }: { billing: BillingState }) {
  const products = useProducts(billing.enabled);
  const items = products.data ? oneOffProducts(products.data) : [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="one-off-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="one-off-title" className="text-lg font-semibold text-slate-900">
        Equipment
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Equipment">
        {items.flatMap((product) => product.prices.map((price) => <OneOffItem key={price.id} product={product} price={price} />))}
      </ul>
    </section>
  );
}
