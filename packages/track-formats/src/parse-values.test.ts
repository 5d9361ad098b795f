import { describe, expect, it } from 'vitest';
import { parseDecimal, parseIsoTime } from './parse-values.ts';

describe('parseDecimal', () => {
  it.each([
    ['12', 12],
    [' -0.5 ', -0.5],
    ['+.25', 0.25],
    ['1e3', 1000],
    ['7.', 7],
  ])('reads %j', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each(['', ' ', '0x1f', 'Infinity', 'NaN', '1,5', '12 kt', '--1'])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });
});

describe('parseIsoTime', () => {
  it.each([
    ['2024-05-01T16:02:10Z', Date.UTC(2024, 4, 1, 16, 2, 10)],
    ['2024-05-01T16:02:10.123456z', Date.UTC(2024, 4, 1, 16, 2, 10, 123)],
    ['2024-05-01T16:02:10', Date.UTC(2024, 4, 1, 16, 2, 10)],
    ['2024-05-01 16:02', Date.UTC(2024, 4, 1, 16, 2)],
    ['2024-05-01T18:02:10+02:00', Date.UTC(2024, 4, 1, 16, 2, 10)],
    ['2024-05-01T21:32:10+0530', Date.UTC(2024, 4, 1, 16, 2, 10)],
    ['2024-05-01T11:02:10-05', Date.UTC(2024, 4, 1, 16, 2, 10)],
  ])('reads %s, as UTC when it has no offset', (text, timestamp) => {
    expect(parseIsoTime(text)).toBe(timestamp);
  });

  it.each(['', '16:02:10', '2024-02-30T10:00:00Z', '2024-05-01T24:00:00Z', '2024-05-01T16:60:00Z', '1 May 2024', '2024-05-01'])(
    'refuses %j',
    (text) => {
      expect(parseIsoTime(text)).toBeUndefined();
    },
  );
});
