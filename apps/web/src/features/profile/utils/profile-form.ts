import { messages, profileFormDefaults, profileFormSchema, programs, ratings, type ProfileForm, type Rating, type User } from '@skylog/contracts';
import { isValidPhoneNumber } from 'libphonenumber-js';

/** The contract's rules plus a real check that the phone is a valid international number. */
export const profileFormClientSchema = profileFormSchema.superRefine((value, context) => {
  if (value.phone && !isValidPhoneNumber(value.phone)) {
    context.addIssue({ code: 'custom', path: ['phone'], message: messages.phoneFormat });
  }
});

/** The form's defaults (contracts' `profileFormDefaults`), overwritten by whatever the account already has. */
export function getProfileFormValues(me: User): ProfileForm {
  const program = programs.find((candidate) => candidate === me.program) ?? profileFormDefaults.program;
  return {
    name: me.name ?? profileFormDefaults.name,
    fulltime: me.fulltime,
    phone: me.phone ?? profileFormDefaults.phone,
    program,
    license_number: me.license_number ?? profileFormDefaults.license_number,
    international: me.international,
    certifications: me.certifications.filter((rating): rating is Rating => (ratings as readonly string[]).includes(rating)),
  };
}
