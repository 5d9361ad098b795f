/** The four temporary checkout values, kept between choosing a plan and paying (docs/product.md "Billing and the payment hold"). */
export const checkoutKeys = {
  priceId: 'temporaryPriceId',
  orgId: 'temporaryOrgId',
  cablePrice: 'temporaryCablePrice',
  coupon: 'temporaryCoupon',
} as const;

export type CheckoutValues = { priceId: string | null; orgId: string | null; cablePrice: string | null; coupon: string | null };

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the plan is chosen again on the Billing screen.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

export function getCheckoutValues(): CheckoutValues {
  return {
    priceId: read(checkoutKeys.priceId),
    orgId: read(checkoutKeys.orgId),
    cablePrice: read(checkoutKeys.cablePrice),
    coupon: read(checkoutKeys.coupon),
  };
}

/** Keeps the values given (a pricing or registration link, a plan chosen at registration); the others stay as they were. */
export function storeCheckoutValues(values: Partial<CheckoutValues>): void {
  for (const [name, key] of Object.entries(checkoutKeys) as [keyof CheckoutValues, string][]) {
    const value = values[name];
    if (value) write(key, value);
  }
}

/** The query names a pricing link carries: price_id, org_id, cable_price, coupon. A link with a plan replaces what an older one kept. */
export function storeCheckoutValuesFromLink(search: URLSearchParams): void {
  if (!search.get('price_id')) return;
  clearCheckoutValues();
  storeCheckoutValues({ priceId: search.get('price_id'), orgId: search.get('org_id'), cablePrice: search.get('cable_price'), coupon: search.get('coupon') });
}

export function clearCheckoutValues(): void {
  Object.values(checkoutKeys).forEach(remove);
}

/** The paid gate: where an unpaid account with a stored price and organization must go, if anywhere. */
export function getPaymentPreparingHref(values: CheckoutValues): string | null {
  if (!values.priceId || !values.orgId) return null;
  const query = new URLSearchParams({ price_id: values.priceId, org_id: values.orgId, cable_price: values.cablePrice ?? '' });
  if (values.coupon) query.set('coupon', values.coupon);
  return `/payment-preparing?${query.toString()}`;
}
