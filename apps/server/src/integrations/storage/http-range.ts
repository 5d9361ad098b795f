import type { ByteRange } from './file-storage.ts';

const singleRange = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * Reads a Range request header (RFC 9110 §14) for a blob of `size` bytes.
 * null means "send the whole file": no header, another unit, a malformed value, or several ranges
 * (allowed by the RFC, and spares us multipart/byteranges answers).
 */
export function parseRangeHeader(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = singleRange.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;

  if (first === '') {
    if (last === '') return null;
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffixLength), end: size - 1 };
  }

  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
