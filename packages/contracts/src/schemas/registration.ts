import { z } from 'zod';
import { text } from './text.ts';
import { limits } from '../limits.ts';
import { assignableRoles } from '../roles.ts';
import { chosenPlanSchema } from './billing.ts';

const password = text({ error: 'Password is required' })
  .min(limits.passwordMinLength, `Password must be at least ${limits.passwordMinLength} characters`)
  .max(limits.passwordMaxLength, `Password must be at most ${limits.passwordMaxLength} characters`);

const personName = text({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(limits.nameMaxLength, `Name must be at most ${limits.nameMaxLength} characters`);

const email = z
  .email({ error: 'Enter a valid e-mail address' })
  .max(limits.emailMaxLength)
  .transform((value) => value.toLowerCase());

export const invitationCreateSchema = z.strictObject({
  email,
  user_type: z.enum(assignableRoles, { error: 'Choose a role' }),
  org_id: z.uuid().nullable().optional(),
  sub_org_id: z.uuid().nullable().optional(),
});

export const invitationCreatedSchema = z.object({ id: z.uuid(), email: text(), expires_at: text() });

export const invitationPreviewSchema = z.object({
  email: text(),
  user_type: z.enum(assignableRoles),
  role_label: text(),
  org_name: text().nullable(),
});

export const invitationAcceptSchema = z.strictObject({
  token: text().min(1, 'The invitation token is missing'),
  name: personName,
  password,
});

export const schoolRegistrationSchema = z.strictObject({
  school_name: text({ error: 'School name is required' })
    .trim()
    .min(1, 'School name is required')
    .max(limits.nameMaxLength, `School name must be at most ${limits.nameMaxLength} characters`),
  name: personName,
  email,
  password,
  /** The plan chosen before registering (a pricing link or the registration screen), kept with the new school. */
  plan: chosenPlanSchema.nullable().optional(),
});

/** A screen's new password, typed twice: the second must match (only the first is sent). */
const passwordPair = z.object({ password, confirmation: text() });
const isSamePassword = (values: { password: string; confirmation: string }) => values.password === values.confirmation;
const passwordsDiffer = { message: 'The passwords do not match', path: ['confirmation'] };

/** The forms of the screens that set a password: invitation, school registration, reset, change. */
export const invitationAcceptFormSchema = passwordPair.extend({ name: personName }).refine(isSamePassword, passwordsDiffer);
export const schoolRegistrationFormSchema = passwordPair
  .extend(schoolRegistrationSchema.omit({ password: true, plan: true }).shape)
  .refine(isSamePassword, passwordsDiffer);
export const passwordResetFormSchema = passwordPair.refine(isSamePassword, passwordsDiffer);
export const passwordChangeFormSchema = passwordPair
  .extend({ currentPassword: text({ error: 'Enter your current password' }).min(1, 'Enter your current password') })
  .refine(isSamePassword, passwordsDiffer);

/**
 * Public school registration answers the same for a new and an already used e-mail address, so it
 * tells nobody who has an account; the e-mail then tells the address's owner what happened.
 */
export const schoolRegistrationAcceptedSchema = z.object({ email: text() });

/** Only the owner changes their sign-in e-mail: with their password, confirmed from the new address. */
export const emailChangeRequestSchema = z.strictObject({
  new_email: email,
  password: text({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(limits.passwordMaxLength),
});

/** Same answer whether or not the address is free: the mail to it says which. */
export const emailChangeRequestedSchema = z.object({ new_email: text(), expires_at: text() });

export const emailChangeConfirmSchema = z.strictObject({
  token: text({ error: 'The confirmation token is missing' }).min(1, 'The confirmation token is missing').max(200),
});

export const emailChangeConfirmedSchema = z.object({ email: text() });

export const invitationTokenParamsSchema = z.object({ token: text().min(1).max(200) });
