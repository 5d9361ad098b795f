import { describe, expect, it } from 'vitest';
import { accountMessages } from '../account-messages.ts';
import { factorCreateSchema, phoneNumberSchema, secondFactorSchema } from './account-security.ts';

describe('phone numbers for sign-in codes', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['+1 (415) 555-0142', '+14155550142'],
    [' +61.412.345.678 ', '+61412345678'],
  ])('keeps %s as %s (E.164, as an SMS provider takes it)', (typed, kept) => {
    expect(phoneNumberSchema.parse(typed)).toBe(kept);
  });

  it.each(['07700 900123', '+0 7700 900123', '+44 7700 900123 ext 4', '+12', '+4477009001234567'])(
    'refuses %s, saying how to write it',
    (typed) => {
      const result = phoneNumberSchema.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(accountMessages.phoneInvalid);
    },
  );

  it('asks an authenticator app for an issuer and a phone for its number', () => {
    const base = { friendly_name: 'Mine', password: 'pw' };
    expect(factorCreateSchema.safeParse({ ...base, factor_type: 'phone' }).success).toBe(false);
    expect(factorCreateSchema.safeParse({ ...base, factor_type: 'totp', phone: '+447700900123' }).success).toBe(false);
    expect(factorCreateSchema.parse({ ...base, factor_type: 'phone', phone: '+44 7700 900123' })).toMatchObject({ phone: '+447700900123' });
  });

  it('takes a texted code at sign-in as six digits, like an app code', () => {
    expect(secondFactorSchema.safeParse({ method: 'phone', code: ' 012345 ' })).toMatchObject({ success: true, data: { code: '012345' } });
    expect(secondFactorSchema.safeParse({ method: 'phone', code: '12345' }).success).toBe(false);
  });
});
