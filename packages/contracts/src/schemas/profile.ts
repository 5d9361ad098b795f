import { z } from 'zod';
import { text } from './text.ts';
import { limits, programs } from '../limits.ts';
import { messages } from '../messages.ts';
import { ratings } from '../ratings.ts';

const e164 = /^\+[1-9]\d{1,14}$/;

/** The Update Profile form's rules and field messages (docs/product.md "Profile"). */
export const profileFormSchema = z.object({
  name: text({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(limits.nameMaxLength, `Name must be at most ${limits.nameMaxLength} characters`),
  fulltime: z.boolean({ error: messages.employmentStatusRequired }),
  phone: text({ error: messages.phoneRequired })
    .trim()
    .min(1, messages.phoneRequired)
    .regex(e164, messages.phoneFormat),
  program: z.enum(programs, { error: messages.programRequired }),
  license_number: text()
    .trim()
    .max(limits.textFieldMaxLength, `License number must be at most ${limits.textFieldMaxLength} characters`)
    .nullable()
    .optional(),
  international: z.boolean({ error: 'International must be Yes or No' }),
  certifications: z.array(z.enum(ratings, { error: 'Unknown rating' })).max(ratings.length),
});

export type ProfileForm = z.infer<typeof profileFormSchema>;

export const profileFormDefaults: ProfileForm = {
  name: '',
  fulltime: false,
  phone: '',
  license_number: '',
  program: '141',
  international: false,
  certifications: [],
};

/**
 * PATCH /api/users/{skylog_id}: any subset of the form. `email` is accepted only unchanged: the
 * sign-in e-mail changes through POST /api/me/email-change, by its owner (a 400 or 403 says so).
 */
export const profileUpdateSchema = profileFormSchema
  .extend({
    email: z.email({ error: 'Enter a valid e-mail address' }).max(limits.emailMaxLength),
  })
  .partial()
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A profile is incomplete while its name, phone or program is null or empty (docs/product.md "Profile"). */
export function isProfileComplete(user: { name?: string | null; phone?: string | null; program?: string | null }): boolean {
  return [user.name, user.phone, user.program].every((value) => typeof value === 'string' && value.trim() !== '');
}
