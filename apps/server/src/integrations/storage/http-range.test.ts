import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './http-range.ts';

describe('parseRangeHeader', () => {
  it('answers null (whole file) without a header', () => {
    expect(parseRangeHeader(undefined, 100)).toBeNull();
    expect(parseRangeHeader('', 100)).toBeNull();
  });

  it('reads a closed range, clamping its end to the file', () => {
    expect(parseRangeHeader('bytes=0-0', 100)).toEqual({ start: 0, end: 0 });
    expect(parseRangeHeader('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRangeHeader('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('Bytes= 10 - 19 ', 100)).toEqual({ start: 10, end: 19 });
  });

  it('reads an open range to the end of the file', () => {
    expect(parseRangeHeader('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=99-', 100)).toEqual({ start: 99, end: 99 });
  });

  it('reads a suffix range as the last n bytes', () => {
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers unsatisfiable for ranges beyond the file', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('ignores multiple ranges, other units and malformed values', () => {
    expect(parseRangeHeader('bytes=0-10,20-30', 100)).toBeNull();
    expect(parseRangeHeader('items=0-10', 100)).toBeNull();
    expect(parseRangeHeader('bytes=-', 100)).toBeNull();
    expect(parseRangeHeader('bytes=20-10', 100)).toBeNull();
    expect(parseRangeHeader('bytes=a-b', 100)).toBeNull();
    expect(parseRangeHeader('bytes=1.5-3', 100)).toBeNull();
    expect(parseRangeHeader('bytes 0-10', 100)).toBeNull();
  });
});
