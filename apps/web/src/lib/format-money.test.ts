import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('reads cents in the currency given, whatever its case', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('names other currencies', () => {
    expect(formatMoney(4900, 'eur')).toBe('€49.00');
    expect(formatMoney(-500, 'gbp')).toBe('-£5.00');
  });

  it('reads a currency without cents (JPY) as whole units', () => {
    expect(formatMoney(4900, 'jpy')).toBe('¥4,900');
  });
});
