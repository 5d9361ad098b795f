const formatters = new Map<string, Intl.NumberFormat>();

/** "$49.00" from 4900 and "usd": Stripe gives amounts in the currency's smallest unit (cents). */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(cents / 100);
}
