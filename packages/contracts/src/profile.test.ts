import { describe, expect, it } from 'vitest';
import { ratings } from './ratings.ts';
import { isProfileComplete, profileFormDefaults, profileFormSchema, profileUpdateSchema } from './schemas/profile.ts';

const valid = {
  name: 'Stella Park',
  fulltime: false,
  phone: '+14155550106',
  program: '141',
  license_number: '',
  international: false,
  certifications: [],
};

/** The first message zod gives for a field, as the form shows it under the field. */
function messageFor(input: unknown, field: string): string | undefined {
  const result = profileFormSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('profileFormSchema (docs/product-spec.md §5)', () => {
  it('accepts a complete profile', () => {
    expect(profileFormSchema.safeParse(valid).success).toBe(true);
  });

  it("'Name is required' for a missing, empty or blank name", () => {
    expect(messageFor({ ...valid, name: '' }, 'name')).toBe('Name is required');
    expect(messageFor({ ...valid, name: '   ' }, 'name')).toBe('Name is required');
    expect(messageFor({ ...valid, name: undefined }, 'name')).toBe('Name is required');
    expect(messageFor({ ...valid, name: null }, 'name')).toBe('Name is required');
  });

  it("'Employment status is required' when full time is not a boolean", () => {
    expect(messageFor({ ...valid, fulltime: undefined }, 'fulltime')).toBe('Employment status is required');
    expect(messageFor({ ...valid, fulltime: 'true' }, 'fulltime')).toBe('Employment status is required');
    expect(profileFormSchema.safeParse({ ...valid, fulltime: true }).success).toBe(true);
  });

  it("'Phone is required' for a missing or empty phone", () => {
    expect(messageFor({ ...valid, phone: '' }, 'phone')).toBe('Phone is required');
    expect(messageFor({ ...valid, phone: undefined }, 'phone')).toBe('Phone is required');
  });

  it('the E.164 message for a number that is not international format', () => {
    const message = 'Phone number must be in E.164 format, eg. +1234567890';
    for (const phone of ['4155550106', '+0123456789', '+1 415 555 0106', '+1-415-555-0106', '+1234567890123456', 'phone']) {
      expect(messageFor({ ...valid, phone }, 'phone'), phone).toBe(message);
    }
    for (const phone of ['+1234567890', '+447700900123', '+14155550106']) {
      expect(profileFormSchema.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
  });

  it("'Program is required' unless the program is 141 or 61", () => {
    for (const program of ['', undefined, null, '142', 141]) {
      expect(messageFor({ ...valid, program }, 'program'), String(program)).toBe('Program is required');
    }
    expect(profileFormSchema.safeParse({ ...valid, program: '61' }).success).toBe(true);
  });

  it('takes the licence number as optional text', () => {
    expect(profileFormSchema.safeParse({ ...valid, license_number: undefined }).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...valid, license_number: null }).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...valid, license_number: 'CFI 3920115' }).success).toBe(true);
  });

  it('takes international as a boolean', () => {
    expect(profileFormSchema.safeParse({ ...valid, international: true }).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...valid, international: 'yes' }).success).toBe(false);
  });

  it('takes ratings from the 15 choices of docs/product-spec.md §3 only', () => {
    expect(ratings).toHaveLength(15);
    expect(profileFormSchema.safeParse({ ...valid, certifications: [...ratings] }).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...valid, certifications: ['Instrument Rating', 'Astronaut Wings'] }).success).toBe(false);
  });
});

describe('profileFormDefaults (docs/product-spec.md §3)', () => {
  it('are name empty, fulltime false, phone empty, licence empty, program 141, international false, no ratings', () => {
    expect(profileFormDefaults).toEqual({
      name: '',
      fulltime: false,
      phone: '',
      license_number: '',
      program: '141',
      international: false,
      certifications: [],
    });
  });

  it('are not a valid form by themselves: name and phone must be filled in', () => {
    const result = profileFormSchema.safeParse(profileFormDefaults);
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['name', 'phone']));
  });
});

describe('profileUpdateSchema (PATCH /api/users/{skylog_id})', () => {
  it('accepts any subset of the form, including none', () => {
    expect(profileUpdateSchema.safeParse({}).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ phone: '+14155550106' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ email: 'someone@example.com' }).success).toBe(true);
  });

  it('refuses unknown fields and invalid e-mail addresses', () => {
    expect(profileUpdateSchema.safeParse({ is_paid: true }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ user_type: 'super_admin' }).success).toBe(false);
    const email = profileUpdateSchema.safeParse({ email: 'not-an-address' });
    expect(email.error?.issues[0]?.message).toBe('Enter a valid e-mail address');
  });

  it('keeps the spec messages for the fields it checks', () => {
    expect(profileUpdateSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
    expect(profileUpdateSchema.safeParse({ program: '7' }).error?.issues[0]?.message).toBe('Program is required');
  });
});

describe('isProfileComplete (docs/product-spec.md §4)', () => {
  it('is complete when name, phone and program are filled in', () => {
    expect(isProfileComplete({ name: 'A', phone: '+1234567890', program: '61' })).toBe(true);
  });

  it('is incomplete when any of them is null, missing, empty or blank', () => {
    for (const field of ['name', 'phone', 'program'] as const) {
      for (const value of [null, undefined, '', '  ']) {
        expect(isProfileComplete({ name: 'A', phone: '+1234567890', program: '61', [field]: value }), `${field}=${String(value)}`).toBe(
          false,
        );
      }
    }
  });
});
