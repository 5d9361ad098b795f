import type { BillingPrice, BillingProduct } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { formatMoney } from './format-money.ts';
import { billingKeys } from './query-keys.ts';

/**
 * Spec §3 `products`: the plans (active products with their recurring prices), public so registration
 * can offer them. With billing off the server answers 409, and there is no plan to choose.
 */
export const useProducts = (isEnabled = true) =>
  useQuery(
    queryOptions({
      queryKey: billingKeys.products(),
      queryFn: ({ signal }) => apiRequest<{ products: BillingProduct[] }>('/api/billing/products', { signal }),
      select: (answer) => answer.products,
      staleTime: 60_000,
      retry: false,
      enabled: isEnabled,
    }),
  );

/** "$49.00 / month" */
export function formatPrice(price: Pick<BillingPrice, 'unit_amount' | 'currency' | 'interval' | 'interval_count'>): string {
  const amount = formatMoney(price.unit_amount ?? 0, price.currency);
  if (!price.interval) return amount;
  return price.interval_count && price.interval_count > 1 ? `${amount} / ${price.interval_count} ${price.interval}s` : `${amount} / ${price.interval}`;
}
