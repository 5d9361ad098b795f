import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutKeys, clearCheckoutValues, getCheckoutValues, getPaymentPreparingHref, storeCheckoutValuesFromLink } from './checkout-storage.ts';

describe('temporary checkout values', () => {
  beforeEach(() => window.localStorage.clear());

  it('uses the spec key names', () => {
    expect(Object.values(checkoutKeys)).toEqual(['temporaryPriceId', 'temporaryOrgId', 'temporaryCablePrice', 'temporaryCoupon']);
  });

  it('sends an unpaid account with a stored price and organization to /payment-preparing, coupon only if stored', () => {
    expect(getPaymentPreparingHref({ priceId: 'price_1', orgId: 'org-1', cablePrice: '25', coupon: null })).toBe(
      '/payment-preparing?price_id=price_1&org_id=org-1&cable_price=25',
    );
    expect(getPaymentPreparingHref({ priceId: 'price_1', orgId: 'org-1', cablePrice: '25', coupon: 'SPRING' })).toBe(
      '/payment-preparing?price_id=price_1&org_id=org-1&cable_price=25&coupon=SPRING',
    );
    expect(getPaymentPreparingHref({ priceId: 'price_1', orgId: null, cablePrice: '25', coupon: null })).toBeNull();
    expect(getPaymentPreparingHref({ priceId: null, orgId: 'org-1', cablePrice: null, coupon: null })).toBeNull();
  });

  it('clears all four values', () => {
    Object.values(checkoutKeys).forEach((key) => window.localStorage.setItem(key, 'x'));
    expect(getCheckoutValues()).toEqual({ priceId: 'x', orgId: 'x', cablePrice: 'x', coupon: 'x' });
    clearCheckoutValues();
    expect(getCheckoutValues()).toEqual({ priceId: null, orgId: null, cablePrice: null, coupon: null });
  });

  it('keeps what a pricing link carries, replacing what an older link kept; a link without a plan changes nothing', () => {
    window.localStorage.setItem('temporaryOrgId', 'org-old');
    window.localStorage.setItem('temporaryCoupon', 'OLD10');
    storeCheckoutValuesFromLink(new URLSearchParams('price_id=price_pro&cable_price=150'));
    expect(getCheckoutValues()).toEqual({ priceId: 'price_pro', orgId: null, cablePrice: '150', coupon: null });
    storeCheckoutValuesFromLink(new URLSearchParams('redirectTo=%2Fdashboard'));
    expect(getCheckoutValues()).toEqual({ priceId: 'price_pro', orgId: null, cablePrice: '150', coupon: null });
  });
});
