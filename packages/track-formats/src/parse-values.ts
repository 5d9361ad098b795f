const decimalPattern = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A plain decimal number, or undefined: unlike Number(), '' , '0x1f' and 'Infinity' are not numbers. */
export const parseDecimal = (text: string): number | undefined => {
  const trimmed = text.trim();
  return decimalPattern.test(trimmed) ? Number(trimmed) : undefined;
};

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date-time as epoch milliseconds, or undefined. A time without an offset is UTC: GPX, KML
 * and flight-log CSVs write UTC, and Date.parse would read it in the server's zone instead.
 */
export const parseIsoTime = (text: string): number | undefined => {
  const match = isoPattern.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', offset = 'Z'] = match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const [y, mo, d, h, mi, s] = fields;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-30 over into March; such a time is a typo, not a date.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  const milliseconds = fraction ? Math.round(Number(fraction) * 1000) : 0;
  return utc + milliseconds - offsetMinutes(offset) * 60_000;
};

const offsetMinutes = (offset: string): number => {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
};
