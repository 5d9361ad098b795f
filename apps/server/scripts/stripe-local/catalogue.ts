/**
 * What the local Stripe server sells: Skylog's plans as they are set up in the Stripe dashboard, the recorder
 * cable (sold once, not by subscription), an inactive price and product that must never be offered, and two coupons. Tests name them through
 * `stripeLocalCatalogue` rather than retyping the ids.
 */

export type CatalogueProduct = { id: string; name: string; description: string | null; active: boolean; defaultPrice: string };

export type CataloguePrice = {
  id: string;
  product: string;
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  currency: string;
  /** null: a price paid once (Stripe's `one_time`), such as the recorder cable. */
  interval: 'month' | 'year' | null;
  active: boolean;
};

export type CatalogueCoupon = { id: string; name: string; duration: 'once' | 'forever' } & (
  { percentOff: number } | { amountOff: number; currency: string }
);

export const stripeLocalCatalogue = {
  products: { basic: 'prod_skylog_basic', pro: 'prod_skylog_pro', legacy: 'prod_skylog_legacy', cable: 'prod_skylog_cable' },
  prices: {
    basicMonthly: 'price_skylog_basic_monthly',
    basicOld: 'price_skylog_basic_old',
    proMonthly: 'price_skylog_pro_monthly',
    proYearly: 'price_skylog_pro_yearly',
    legacy: 'price_skylog_legacy',
    cable: 'price_skylog_cable',
  },
  coupons: { fly10: 'FLY10', welcome25: 'WELCOME25' },
} as const;

const { products, prices, coupons } = stripeLocalCatalogue;

export const catalogueProducts: CatalogueProduct[] = [
  { id: products.basic, name: 'Skylog Basic', description: 'Up to 10 students', active: true, defaultPrice: prices.basicMonthly },
  {
    id: products.pro,
    name: 'Skylog Pro',
    description: 'Unlimited students, transcripts and AI debriefs',
    active: true,
    defaultPrice: prices.proMonthly,
  },
  { id: products.legacy, name: 'Skylog Legacy', description: null, active: false, defaultPrice: prices.legacy },
  { id: products.cable, name: 'Recorder cable', description: 'Connects the cockpit intercom to the recorder', active: true, defaultPrice: prices.cable },
];

export const cataloguePrices: CataloguePrice[] = [
  { id: prices.basicMonthly, product: products.basic, unitAmount: 4900, currency: 'usd', interval: 'month', active: true },
  { id: prices.basicOld, product: products.basic, unitAmount: 3900, currency: 'usd', interval: 'month', active: false },
  { id: prices.proMonthly, product: products.pro, unitAmount: 9900, currency: 'usd', interval: 'month', active: true },
  { id: prices.proYearly, product: products.pro, unitAmount: 99000, currency: 'usd', interval: 'year', active: true },
  { id: prices.legacy, product: products.legacy, unitAmount: 1900, currency: 'usd', interval: 'month', active: false },
  { id: prices.cable, product: products.cable, unitAmount: 9900, currency: 'usd', interval: null, active: true },
];

export const catalogueCoupons: CatalogueCoupon[] = [
  { id: coupons.fly10, name: '10% off', duration: 'forever', percentOff: 10 },
  { id: coupons.welcome25, name: '$25 off your first month', duration: 'once', amountOff: 2500, currency: 'usd' },
];
