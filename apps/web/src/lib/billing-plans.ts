import type { BillingPrice, BillingProduct } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { formatMoney } from './format-money.ts';

/**
 * The plans catalogue (active products with their prices: plans, and items sold once such as the recorder cable),
 * public so registration can offer the plans. With billing off the server answers 409.
 */
export const useProducts = (isEnabled = true) =>
  useQuery({
    ...api.billing.listProducts.query(),
    select: (answer) => answer.products,
    staleTime: 60_000,
    retry: false,
    enabled: isEnabled,
  });

/** The plans: each product with its recurring prices only (a product that has none is not a plan). */
export const planProducts = (products: BillingProduct[]) => pricesOfType(products, 'recurring');

/** What is bought once, through Checkout in payment mode (the recorder cable). */
export const oneOffProducts = (products: BillingProduct[]) => pricesOfType(products, 'one_time');

function pricesOfType(products: BillingProduct[], type: BillingPrice['type']): BillingProduct[] {
  return products
    .map((product) => ({ ...product, prices: product.prices.filter((price) => price.type === type) }))
    .filter((product) => product.prices.length > 0);
}

/** "$49.00 / month" */
export function formatPrice(price: Pick<BillingPrice, 'unit_amount' | 'currency' | 'interval' | 'interval_count'>): string {
  const amount = formatMoney(price.unit_amount ?? 0, price.currency);
  if (!price.interval) return amount;
  return price.interval_count && price.interval_count > 1 ? `${amount} / ${price.interval_count} ${price.interval}s` : `${amount} / ${price.interval}`;
}
