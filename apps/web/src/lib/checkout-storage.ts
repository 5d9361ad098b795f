/** The four temporary checkout values of spec §3, kept between choosing a plan and paying. */
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

export function clearCheckoutValues(): void {
  Object.values(checkoutKeys).forEach(remove);
}

/** Spec §4 paid gate: where an unpaid account with a stored price and organization must go, if anywhere. */
export function getPaymentPreparingHref(values: CheckoutValues): string | null {
  if (!values.priceId || !values.orgId) return null;
  const query = new URLSearchParams({ price_id: values.priceId, org_id: values.orgId, cable_price: values.cablePrice ?? '' });
  if (values.coupon) query.set('coupon', values.coupon);
  return `/payment-preparing?${query.toString()}`;
}
