import { minorUnitsPerMajor } from '@skylog/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

/** "$49.00" from 4900 and "usd", "¥4,900" from 4900 and "jpy": Stripe gives amounts in the currency's smallest unit. */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(cents / minorUnitsPerMajor(code));
}
