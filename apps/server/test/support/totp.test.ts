import { describe, expect, it } from 'vitest';
import { totpCode } from './totp.ts';

describe("the tests' own TOTP", () => {
  it('gives RFC 6238 appendix B codes (SHA-1, last six digits)', () => {
    // The RFC's key is the ASCII "12345678901234567890", base32 encoded.
    const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(key, 0, 59_000)).toBe('287082');
    expect(totpCode(key, 0, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(key, 0, 20_000_000_000_000)).toBe('353130');
  });
});
